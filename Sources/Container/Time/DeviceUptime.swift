#if canImport(Glibc)
import Glibc
#endif

/// Telegram's monotonic time (`getDeviceUptimeSeconds`): the boot timestamp identifies the boot,
/// the uptime counts seconds since it and keeps counting through suspend. A changed boot timestamp
/// means a reboot, which locks an app that has a passcode.
public struct DeviceUptime: Sendable, Equatable {
    public let bootTimestamp: Int32
    public let uptime: Int32

    public init(bootTimestamp: Int32, uptime: Int32) {
        self.bootTimestamp = bootTimestamp
        self.uptime = uptime
    }

    /// bootTimestamp is the kernel's `btime` from /proc/stat (fixed for the boot), uptime is
    /// CLOCK_BOOTTIME. Computing boot time as "now − uptime" instead would wobble by a second at
    /// rounding edges and look like a reboot.
    public static func now() -> DeviceUptime {
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        return DeviceUptime(bootTimestamp: bootTime, uptime: Int32(truncatingIfNeeded: ts.tv_sec))
    }

    nonisolated(unsafe) private static var cachedBootTime: Int32?

    static var bootTime: Int32 {
        if let cachedBootTime { return cachedBootTime }
        var value: Int32 = 0
        if let bytes = try? FileSystem.readFile("/proc/stat", limit: 1 << 20) {
            let text = String(decoding: bytes, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("btime ") {
                value = Int32(line.dropFirst(6).trimmingCharacters()) ?? 0
                break
            }
        }
        if value == 0 {
            // No /proc (unusual): fall back to wall clock minus uptime.
            var boot = timespec(), wall = timespec()
            clock_gettime(CLOCK_BOOTTIME, &boot)
            clock_gettime(CLOCK_REALTIME, &wall)
            value = Int32(truncatingIfNeeded: wall.tv_sec - boot.tv_sec)
        }
        cachedBootTime = value
        return value
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String { String(self).trimmingWhitespace() }
}

/// Wall-clock and monotonic readings used for timing launch phases and logs.
public enum Clock {
    /// Seconds since the epoch, as Int32 (Telegram's timestamps).
    public static func unixTime() -> Int32 { Int32(truncatingIfNeeded: time(nil)) }

    /// Milliseconds since the epoch (request ids sort by it).
    public static func unixMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// Monotonic nanoseconds, for measuring durations.
    public static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Milliseconds elapsed since a `monotonicNanoseconds()` reading.
    public static func milliseconds(since start: UInt64) -> Double {
        Double(monotonicNanoseconds() &- start) / 1_000_000
    }
}
