#if canImport(Glibc)
import Glibc
#endif

/// A mutex with one condition variable on the monotonic clock: state guarded by the lock, and
/// threads that wait, with a deadline, for another to change it (Foundation's NSCondition is not
/// available to library modules).
public final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Inside `withLock`: waits until woken or `deadline` (Clock.monotonicNanoseconds) passes;
    /// false when the deadline passed. Callers check their own condition again either way.
    @discardableResult
    public func wait(until deadline: UInt64) -> Bool {
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }

    /// Inside `withLock`: wakes every waiter.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
