/// The growing wait after failed passcode attempts: free tries first, then a wait that doubles
/// with each further failure, capped, counted in monotonic time so changing the clock does not help.
public enum UnlockPolicy {
    public static let freeAttempts: Int32 = 3
    public static let baseWaitSeconds: Int32 = 30
    public static let maxWaitSeconds: Int32 = 3600

    /// Seconds to wait after `count` consecutive failures before the next try is accepted.
    public static func waitSeconds(afterFailures count: Int32) -> Int32 {
        guard count >= freeAttempts else { return 0 }
        let doublings = min(count - freeAttempts, 7)
        return min(baseWaitSeconds << doublings, maxWaitSeconds)
    }

    /// What a refused try says while the wait lasts: `main unlock` once, the lock screen each
    /// second as it counts down.
    public static func waitText(_ seconds: Int32) -> String {
        "too many failed attempts; try again in \(seconds) second\(seconds == 1 ? "" : "s")"
    }

    /// Seconds still to wait now; 0 when a try is allowed. A different boot restarts the wait
    /// from the reboot rather than forgiving it.
    public static func remainingWait(_ attempts: UnlockAttempts?, now: MonotonicTimestamp) -> Int32 {
        guard let attempts else { return 0 }
        let wait = Int64(waitSeconds(afterFailures: attempts.count))
        guard wait > 0 else { return 0 }
        // 64-bit: the file is input, and hostile values must not overflow.
        let elapsed = now.bootTimestamp == attempts.timestamp.bootTimestamp
            ? Int64(now.uptime) - Int64(attempts.timestamp.uptime)
            : Int64(now.uptime)
        return Int32(clamping: max(0, wait - max(0, elapsed)))
    }
}
