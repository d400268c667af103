#if canImport(Glibc)
import Glibc
#endif

/// Local-time stamps in Telegram's log formats, without DateFormatter (not in FoundationEssentials).
enum LogTimestamp {
    struct Parts {
        var year, month, day, hour, minute, second, millisecond: Int
    }

    static func now() -> Parts {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var seconds = ts.tv_sec
        var tmValue = tm()
        localtime_r(&seconds, &tmValue)
        return Parts(year: Int(tmValue.tm_year) + 1900, month: Int(tmValue.tm_mon) + 1, day: Int(tmValue.tm_mday),
                     hour: Int(tmValue.tm_hour), minute: Int(tmValue.tm_min), second: Int(tmValue.tm_sec),
                     millisecond: ts.tv_nsec / 1_000_000)
    }

    private static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    /// "2026-11-22 14:03:07.123", the line prefix.
    static func line(_ p: Parts) -> String {
        "\(p.year)-\(pad(p.month, 2))-\(pad(p.day, 2)) \(pad(p.hour, 2)):\(pad(p.minute, 2)):\(pad(p.second, 2)).\(pad(p.millisecond, 3))"
    }

    /// "log-2026-11-22_14-03-07.123.txt", the file name; sorts by creation time.
    static func fileName(_ p: Parts) -> String {
        "log-\(p.year)-\(pad(p.month, 2))-\(pad(p.day, 2))_\(pad(p.hour, 2))-\(pad(p.minute, 2))-\(pad(p.second, 2)).\(pad(p.millisecond, 3)).txt"
    }
}
