import Container
import Logging
import MTProtoKit
import Storage
import Synchronization

/// Usernames the interface asked the server about (a link to a chat not stored here), looked up
/// on the updates listener's thread (its connection) and answered to the interface's next
/// refresh. Only what was asked is kept, by the name in lower case, as usernames are compared.
public final class ServerUsernameLookups: Sendable {
    public enum Outcome: Sendable, Equatable {
        case found(PeerId)
        case nobody
        case failed(String)
    }

    private struct State {
        var waiting: [String] = []
        /// When each unanswered name was asked (monotonic nanoseconds).
        var asked: [String: UInt64] = [:]
        var outcomes: [String: Outcome] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Queues a name; false when it is already waiting.
    @discardableResult
    public func request(_ username: String) -> Bool {
        let name = username.lowercased()
        return state.withLock { s in
            guard s.asked[name] == nil else { return false }
            s.outcomes[name] = nil
            s.waiting.append(name)
            s.asked[name] = Clock.monotonicNanoseconds()
            return true
        }
    }

    /// The answer for `username`, once (nil: still waiting). After `patience` seconds without
    /// one (no connection, a server that does not answer) it fails, and the name may be asked again.
    public func takeOutcome(_ username: String, patience: Double) -> Outcome? {
        let name = username.lowercased()
        return state.withLock { s in
            if let outcome = s.outcomes.removeValue(forKey: name) { return outcome }
            guard let asked = s.asked[name] else { return nil }
            guard Clock.monotonicNanoseconds() - asked > UInt64(patience * 1e9) else { return nil }
            s.asked[name] = nil
            s.waiting.removeAll { $0 == name }
            return .failed("the server did not answer in \(Int(patience)) s")
        }
    }

    /// Looks up every waiting name with `client`; `changed` after each.
    func run(postbox: Postbox, client: MTProtoClient, timeout: Double, logger: Logger, changed: () -> Void) {
        while let name = state.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) {
            let outcome: Outcome
            do {
                outcome = try UsernameResolver.resolve(name, postbox: postbox, client: client, timeout: timeout).map(Outcome.found) ?? .nobody
            } catch let error as UsernameResolver.Unsupported {
                outcome = .failed(error.description)
            } catch {
                logger.warning("username not looked up", metadata: ["error": "\(error)"])
                outcome = .failed("\(error)")
            }
            state.withLock { s in
                // Given up on meanwhile (takeOutcome's patience): nobody waits for it.
                guard s.asked.removeValue(forKey: name) != nil else { return }
                s.outcomes[name] = outcome
            }
            changed()
        }
    }
}
