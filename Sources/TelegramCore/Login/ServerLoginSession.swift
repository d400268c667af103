import Container
import Logging
import MTProtoKit
import Synchronization

/// A login against a server for a screen, one step at a time (the phone, the code, a name, the
/// password): each step runs on a thread of its own, so the screen keeps drawing while the
/// server answers, and its result waits in `finished` until the screen takes it. One step at a
/// time; the connection and its key live as long as the session.
public final class ServerLoginSession: Sendable {
    public enum Result: Sendable {
        /// Where the login stands now (the code sent, a name or the password wanted).
        case step(LoginFlow.Step)
        /// Logged in: what the writer stores as the account.
        case loggedIn(ServerLogin)
        case failed(LoginError)
    }

    public let target: LoginServerTarget
    private let keys = MemoryAuthKeyStore()
    private let client: MTProtoClient
    private let flow: Mutex<LoginFlow>
    private let state = Mutex<(running: Bool, finished: Result?)>((false, nil))
    /// The running step's requests, stopped by `cancelStep`.
    private let cancellation = Mutex<RequestCancellation?>(nil)

    private let wake: @Sendable () -> Void

    /// `wake`: called from the step's thread when it finished (the screen then takes the result).
    public init(target: LoginServerTarget, logger: Logger, wake: @escaping @Sendable () -> Void) {
        self.target = target
        self.wake = wake
        client = target.client(keys: keys, logger: logger)
        flow = Mutex(LoginFlow(client: client, apiId: target.identity.apiId, apiHash: target.apiHash, timeout: target.timeout))
    }

    deinit { client.close() }

    /// Ends the connection (the login is over, or given up); a step on its way fails.
    public func close() { client.close() }

    // Each starts its step and says so; false while another is still on its way (or ending).
    @discardableResult
    public func sendCode(phone: String) -> Bool { run { flow throws(LoginError) in try flow.sendCode(phone: phone) } }
    @discardableResult
    public func signIn(code: String) -> Bool { run { flow throws(LoginError) in try flow.signIn(code: code) } }
    @discardableResult
    public func signUp(firstName: String, lastName: String) -> Bool {
        run { flow throws(LoginError) in try flow.signUp(firstName: firstName, lastName: lastName) }
    }
    @discardableResult
    public func checkPassword(_ password: String) -> Bool { run { flow throws(LoginError) in try flow.checkPassword(password) } }

    /// Stops the step on its way: it ends at once as `.failed` of kind `.cancelled` (a request
    /// that went out is answered to no one). Nothing when no step runs.
    public func cancelStep() {
        cancellation.withLock { $0 }?.cancel()
    }

    /// Whether a step is on its way.
    public var isRunning: Bool { state.withLock { $0.running } }

    /// The last step's result, once (nil while it runs, or when it was taken).
    public func takeFinished() -> Result? {
        state.withLock { current in
            defer { current.finished = nil }
            return current.finished
        }
    }

    private func run(_ body: @escaping @Sendable (LoginFlow) throws(LoginError) -> LoginFlow.Step) -> Bool {
        let started = state.withLock { current -> Bool in
            guard !current.running else { return false }
            current = (true, nil)
            return true
        }
        guard started else { return false }
        let token = RequestCancellation()
        cancellation.withLock { $0 = token }
        let work: @Sendable () -> Void = { [self] in
            let result: Result
            do throws(LoginError) {
                let step = try flow.withLock { flow throws(LoginError) in
                    flow.cancellation = token
                    defer { flow.cancellation = nil }
                    return try body(flow)
                }
                if case .loggedIn(let user) = step {
                    result = .loggedIn(try ServerLogin(user: user, client: client, keys: keys, configuration: target.configuration))
                } else {
                    result = .step(step)
                }
            } catch {
                result = .failed(error)
            }
            cancellation.withLock { if $0 === token { $0 = nil } }
            state.withLock { $0 = (false, result) }
            wake()
        }
        if let thread = JoinableThread.start(work) { thread.detach() } else { work() }
        return true
    }
}
