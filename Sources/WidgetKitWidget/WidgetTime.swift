#if canImport(Glibc)
import Glibc
#endif

/// A last message's time as a chat list labels it, in the device's local time: "14:05" today,
/// the weekday within the last week, else the date.
enum WidgetTime {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    static func label(_ timestamp: Int32, now: Int32) -> String {
        guard let time = parts(timestamp), let today = parts(now) else { return "" }
        if time.tm_year == today.tm_year && time.tm_yday == today.tm_yday {
            return two(Int(time.tm_hour)) + ":" + two(Int(time.tm_min))
        }
        // Within the last six days (not in the future): the weekday cannot be mistaken.
        let age = Int64(now) - Int64(timestamp)
        if age > 0 && age < 6 * 86_400 + secondsSinceMidnight(today) {
            return weekdays[Int(time.tm_wday) % 7]
        }
        return two(Int(time.tm_mday)) + "." + two(Int(time.tm_mon) + 1) + "." + two(Int(time.tm_year) % 100)
    }

    /// "14:05:03", for the timeline's own update time.
    static func clock(_ timestamp: Int32) -> String {
        guard let time = parts(timestamp) else { return "" }
        return two(Int(time.tm_hour)) + ":" + two(Int(time.tm_min)) + ":" + two(Int(time.tm_sec))
    }

    /// "3 s", "12 min", "5 h", "9 days": how long ago main last changed the widget's data.
    static func age(_ seconds: Int64) -> String {
        let seconds = max(0, seconds)
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min" }
        if seconds < 2 * 86_400 { return "\(seconds / 3600) h" }
        return "\(seconds / 86_400) days"
    }

    private static func parts(_ timestamp: Int32) -> tm? {
        var time = time_t(timestamp)
        var result = tm()
        return localtime_r(&time, &result) == nil ? nil : result
    }

    private static func secondsSinceMidnight(_ t: tm) -> Int64 {
        Int64(t.tm_hour) * 3600 + Int64(t.tm_min) * 60 + Int64(t.tm_sec)
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}
