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
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let turn: UnsafeMutablePointer<pthread_cond_t>
    // Guarded by `mutex`.
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

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        turn = .allocate(capacity: 1)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(turn, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// Waits at most `timeoutMilliseconds` for this thread's turn; false when others held it that long.
    func lock(timeoutMilliseconds: Int) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = pthread_self()
        if let owner, pthread_equal(owner, me) != 0 {
            depth += 1
            return true
        }
        let ticket = nextTicket
        nextTicket &+= 1
        queue.append(ticket)
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + (timeoutMilliseconds % 1000) * 1_000_000
        deadline.tv_sec += timeoutMilliseconds / 1000 + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while owner != nil || queue.first != ticket {
            if pthread_cond_timedwait(turn, mutex, &deadline) == ETIMEDOUT, owner != nil || queue.first != ticket {
                queue.removeAll { $0 == ticket }
                // The next in line may be free to go now that this one left.
                pthread_cond_broadcast(turn)
                return false
            }
        }
        queue.removeFirst()
        owner = me
        depth = 1
        return true
    }

    func unlock() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        depth -= 1
        if depth == 0 {
            owner = nil
            pthread_cond_broadcast(turn)
        }
    }
}
