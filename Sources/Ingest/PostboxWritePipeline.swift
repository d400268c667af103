import Dispatch
import Storage
import Synchronization

/// Commits write transactions on a thread of its own while the submitting thread makes the next
/// ones (parses an export, generates a fixture). On two cores a bulk write then takes about as
/// long as the slower of the two, not their sum; and when other processes load the cores, the
/// SQLite writer's thread does SQLite's work and little else, so its share of a core goes to the
/// messages (the ingest budget in Benchmarks/budgets.toml: main ingesting while five extensions read).
///
/// At most `depth` transactions wait or run (memory stays bounded), they commit in the order
/// submitted, and after a failure nothing more is written: the error comes back from the next
/// `submit` or from `finish`. The submitting thread must not use the Postbox until `finish`
/// returns: the one SQLite connection is never used by two threads at once.
final class PostboxWritePipeline: @unchecked Sendable {
    typealias Body = @Sendable (PostboxTransaction) throws -> Void

    private let postbox: Postbox
    private let queue: DispatchQueue
    private let slots: DispatchSemaphore
    private let failure = Mutex<(any Error)?>(nil)
    /// Transactions handed over and not run yet, and those run: a body (and the batch it holds)
    /// is released by the submitting thread, at its next `submit` or at `finish`, so the writer's
    /// thread spends nothing on freeing a batch (20,000 messages' texts were 2 % of its work).
    private let bodies = Mutex<(waiting: [Body], done: [Body])>(([], []))

    init(postbox: Postbox, label: String, depth: Int = 2) {
        self.postbox = postbox
        queue = DispatchQueue(label: label)
        slots = DispatchSemaphore(value: depth)
    }

    /// Waits for a free slot, then hands `body` to the writer thread as one transaction.
    func submit(_ body: @escaping Body) throws {
        releaseDone()
        try throwIfFailed()
        slots.wait()
        bodies.withLock { $0.waiting.append(body) }
        queue.async { [self] in
            // Held here only while it runs, then moved to `done` (take(): no reference is left on
            // this thread to be the last one released).
            var body: Body? = bodies.withLock { $0.waiting.removeFirst() }
            if failure.withLock({ $0 == nil }) {
                do {
                    try postbox.transaction { try body!($0) }
                } catch {
                    failure.withLock { $0 = error }
                }
            }
            bodies.withLock { $0.done.append(body.take()!) }
            slots.signal()
        }
    }

    /// Waits for every submitted transaction; throws the first failure.
    func finish() throws {
        queue.sync {}
        releaseDone()
        try throwIfFailed()
    }

    /// Takes the run bodies out under the lock; they are released here, on this thread, outside it.
    private func releaseDone() {
        var done: [Body] = []
        bodies.withLock { swap(&done, &$0.done) }
    }

    private func throwIfFailed() throws {
        if let failure = failure.withLock({ $0 }) { throw failure }
    }
}
