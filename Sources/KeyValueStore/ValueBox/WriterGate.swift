import Container
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One gate per database file in this process: every write transaction and every checkpoint of a
/// read-write ValueBox passes it, whichever connection makes it.
///
/// Across processes there is one writer (main's flock) and readers never write or checkpoint.
/// Inside main there can be two read-write connections to one store: a background import has
/// its own, beside the app's. SQLite serializes their write transactions (the WAL write lock) and
/// their checkpoints (the checkpoint lock), but not a passive checkpoint on one against a write
/// on the other — and a checkpoint that runs while another connection's commit resets the WAL is
/// the WAL-reset bug (SQLite 3.7.0 to 3.51.2; Debian 12 ships 3.40.1), which can lose committed
/// pages. Through the gate the two take turns whole: never a checkpoint during another
/// connection's write, nor two checkpoints at once.
///
/// Recursive, as a write transaction checkpoints at its end and may nest. A wait is bounded like
/// SQLite's own busy timeout and ends as `StorageError.busy`.
///
/// First come, first served: an import's connection unlocks at the end of a batch and asks again
/// at once, and a plain mutex (as SQLite's own busy handler) hands it straight back to that
/// thread while the woken waiter is still being scheduled, so a setting changed during an import
/// waited out its timeout behind batch after batch. Here the waiter whose turn it is gets it.
final class WriterGate: @unchecked Sendable {
    private let turn = ConditionLock()
    // Guarded by `turn`.
    private var owner: pthread_t?
    private var depth = 0
    private var queue: [UInt64] = []
    private var nextTicket: UInt64 = 0

    private static let gates = Mutex<[String: WriterGate]>([:])

    /// The gate of the database at `path` (as ContainerLayout spells it; every opener uses it).
    static func forDatabase(_ path: String) -> WriterGate {
        gates.withLock { gates in
            if let gate = gates[path] { return gate }
            let gate = WriterGate()
            gates[path] = gate
            return gate
        }
    }

    /// Waits at most `timeoutMilliseconds` for this thread's turn; false when others held it that long.
    func lock(timeoutMilliseconds: Int) -> Bool {
        turn.withLock {
            let me = pthread_self()
            if let owner, pthread_equal(owner, me) != 0 {
                depth += 1
                return true
            }
            let ticket = nextTicket
            nextTicket &+= 1
            queue.append(ticket)
            let deadline = Clock.monotonicNanoseconds() + UInt64(max(timeoutMilliseconds, 0)) * 1_000_000
            while owner != nil || queue.first != ticket {
                if !turn.wait(until: deadline), owner != nil || queue.first != ticket {
                    queue.removeAll { $0 == ticket }
                    // The next in line may be free to go now that this one left.
                    turn.broadcast()
                    return false
                }
            }
            queue.removeFirst()
            owner = me
            depth = 1
            return true
        }
    }

    func unlock() {
        turn.withLock {
            depth -= 1
            if depth == 0 {
                owner = nil
                turn.broadcast()
            }
        }
    }
}
