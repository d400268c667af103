import Container
import Synchronization

/// Requests the interface hands to the updates listener's connection and whose answers it takes
/// at its next refresh (a username looked up, a group made): waiting in order, run one at a time
/// on the listener's thread, each answer kept until taken. A request asked `patience` seconds ago
/// and still unanswered is given up (the interface then says why), and its late answer dropped.
final class ConnectionRequests<Key: Hashable & Sendable, Request: Sendable, Outcome: Sendable>: Sendable {
    private struct State {
        var waiting: [(key: Key, request: Request)] = []
        /// When each unanswered request was asked (monotonic nanoseconds).
        var asked: [Key: UInt64] = [:]
        var outcomes: [Key: Outcome] = [:]
    }

    private let state = Mutex(State())

    /// Queues a request; false when one under `key` is still unanswered.
    func enqueue(_ key: Key, _ request: Request) -> Bool {
        state.withLock { s in
            guard s.asked[key] == nil else { return false }
            s.outcomes[key] = nil
            s.waiting.append((key, request))
            s.asked[key] = Clock.monotonicNanoseconds()
            return true
        }
    }

    /// The answer under `key`, once; nil while it is on its way. Past `patience` it is given up
    /// with `expired`'s outcome: any request (`waitingOnly` false), or only one not yet gone out.
    func take(_ key: Key, patience: Double, waitingOnly: Bool, expired: () -> Outcome) -> Outcome? {
        state.withLock { s in
            if let outcome = s.outcomes.removeValue(forKey: key) { return outcome }
            guard let asked = s.asked[key], !waitingOnly || s.waiting.contains(where: { $0.key == key }),
                  Clock.monotonicNanoseconds() - asked > UInt64(patience * 1e9) else { return nil }
            s.asked[key] = nil
            s.waiting.removeAll { $0.key == key }
            return expired()
        }
    }

    /// Runs every waiting request with `perform`, its answer kept for `take`; `changed` after each.
    func run(_ perform: (Request) -> Outcome, changed: () -> Void) {
        while let (key, request) = state.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) {
            let outcome = perform(request)
            state.withLock { s in
                // Given up on meanwhile (`take`'s patience): nobody waits for it.
                guard s.asked.removeValue(forKey: key) != nil else { return }
                s.outcomes[key] = outcome
            }
            changed()
        }
    }
}
