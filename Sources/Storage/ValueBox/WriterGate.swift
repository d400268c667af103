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
final class WriterGate: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

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

    private init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    /// Waits at most `timeoutMilliseconds`; false when the other connection held it that long.
    func lock(timeoutMilliseconds: Int) -> Bool {
        if pthread_mutex_trylock(mutex) == 0 { return true }
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + (timeoutMilliseconds % 1000) * 1_000_000
        deadline.tv_sec += timeoutMilliseconds / 1000 + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while true {
            let rc = pthread_mutex_timedlock(mutex, &deadline)
            if rc == 0 { return true }
            if rc != EINTR { return false }
        }
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }
}
