import Container
import Synchronization

/// How far a background command is: `done` of `total` units (the bytes of an export). The app
/// writes it beside the claimed request (`requests/claimed/<id>/progress`), where the process that
/// handed the command over reads it for its progress bar; the interface shows it too.
public struct BackgroundProgress: Codable, Equatable, Sendable {
    /// What the work is, for people ("Importing").
    public var label: String
    public var done: Int
    public var total: Int

    public init(label: String, done: Int, total: Int) {
        self.label = label
        self.done = done
        self.total = total
    }

    /// One rule for the interface's title, the issuer's bar and the app's answer: nothing to do
    /// (an empty total) is all done.
    public var fraction: Double { total > 0 ? min(1, Double(max(0, done)) / Double(total)) : 1 }
    public var percent: Int { Int(fraction * 100) }
}

/// A handed-over command that runs for minutes (an import of a large export). The running app
/// starts it on a thread of its own and goes on with its events, so its interface stays live;
/// the command's progress is published for the interface and for the process that handed it
/// over, and its answer (the ack's result) goes back when it ends. Stopping the app cancels it
/// between steps.
public final class BackgroundCommand: @unchecked Sendable {
    public let label: String
    private let work: @Sendable (BackgroundCommand) -> [String: String]
    private let state = Mutex<(progress: BackgroundProgress?, result: [String: String]?)>((nil, nil))
    private let cancelled = Atomic<Bool>(false)
    private var thread: JoinableThread?
    /// Called on the command's thread when the progress moved, at most `publishInterval` apart
    /// (and at the end): the request processor writes it beside the claimed request.
    var onProgress: (@Sendable (BackgroundProgress) -> Void)?
    static let publishInterval: UInt64 = 250_000_000
    private var lastPublished: UInt64 = 0

    /// `label` names the work in the interface ("Importing").
    public init(label: String, work: @escaping @Sendable (BackgroundCommand) -> [String: String]) {
        self.label = label
        self.work = work
    }

    /// Starts the thread; false when the system refuses one (the caller runs `work` itself).
    public func start() -> Bool {
        let thread = JoinableThread { [self] in
            let result = work(self)
            state.withLock { $0.result = result }
        }
        guard thread.start() else { return false }
        self.thread = thread
        return true
    }

    /// Runs the work on the calling thread (no thread could be made).
    public func runHere() -> [String: String] {
        let result = work(self)
        state.withLock { $0.result = result }
        return result
    }

    // MARK: From the command's thread

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    public func report(done: Int, total: Int) {
        let progress = BackgroundProgress(label: label, done: done, total: total)
        let changed = state.withLock { state -> Bool in
            guard state.progress != progress else { return false }
            state.progress = progress
            return true
        }
        let now = Clock.monotonicNanoseconds()
        guard changed, let onProgress, done >= total || now - lastPublished >= Self.publishInterval else { return }
        lastPublished = now
        onProgress(progress)
    }

    // MARK: From the app's thread

    public var progress: BackgroundProgress? { state.withLock { $0.progress } }

    /// The work has returned.
    public var isFinished: Bool { state.withLock { $0.result != nil } }

    /// The answer, once the work has returned (its thread then ends by itself).
    public var result: [String: String]? {
        guard let result = state.withLock({ $0.result }) else { return nil }
        thread?.join()
        return result
    }

    /// Asks the work to stop at its next step and waits for it; its answer.
    public func cancelAndWait() -> [String: String]? {
        cancelled.store(true, ordering: .relaxed)
        thread?.join()
        return state.withLock { $0.result }
    }
}
