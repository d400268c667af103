#if canImport(Glibc)
import Glibc
#endif
import Container

/// Ticks at a fixed rate on absolute CLOCK_MONOTONIC deadlines (start + k × interval), so 60 fps
/// stays 60 fps however long each frame took, instead of drifting by the work's time. A tick
/// whose deadline passed while the previous one was still working is skipped, not made up in a
/// burst, and counted as missed.
struct FramePacer {
    /// Nanoseconds between ticks; 0 means unpaced (every tick at once, none missed).
    let intervalNanos: UInt64
    /// When the current tick is due.
    private(set) var deadline: UInt64
    private(set) var missedTicks: UInt64 = 0

    /// The first tick is due at `start`.
    init(intervalNanos: UInt64, start: UInt64) {
        self.intervalNanos = intervalNanos
        deadline = start
    }

    static func intervalNanos(perSecond rate: Int) -> UInt64 {
        rate > 0 ? 1_000_000_000 / UInt64(rate) : 0
    }

    /// The current tick's work ended at `now`: move to the next deadline, skipping those already past.
    mutating func advance(now: UInt64) {
        let (next, missed) = Self.nextDeadline(after: deadline, now: now, intervalNanos: intervalNanos)
        deadline = next
        missedTicks += missed
    }

    /// The deadline after `deadline`, and how many ticks were skipped to reach one not yet past.
    /// A deadline equal to `now` is on time, not missed.
    static func nextDeadline(after deadline: UInt64, now: UInt64, intervalNanos: UInt64) -> (deadline: UInt64, missed: UInt64) {
        guard intervalNanos > 0 else { return (now, 0) }
        let next = deadline &+ intervalNanos
        guard now > next else { return (next, 0) }
        let missed = (now - next + intervalNanos - 1) / intervalNanos
        return (next + missed * intervalNanos, missed)
    }

    /// Sleeps until the current deadline; in slices of at most 50 ms so a stop request is seen
    /// promptly even at 1 fps. False when stopped.
    func wait(unless stop: StopFlag) -> Bool {
        while !stop.isSet {
            let now = Clock.monotonicNanoseconds()
            if now >= deadline { return true }
            MonotonicClock.sleep(until: min(deadline, now + 50_000_000))
        }
        return false
    }
}

/// Absolute sleeps on CLOCK_MONOTONIC, the clock of `Clock.monotonicNanoseconds()`: with
/// TIMER_ABSTIME an interrupted or late-scheduled sleep still ends at the deadline.
enum MonotonicClock {
    static func sleep(until deadline: UInt64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}
