#if canImport(Glibc)
import Glibc
#endif

/// Message times in the device's local time, as every screen of the app labels them: the
/// notification's "14:05", the chat list's and the widget's "14:05" / weekday / date.
public enum LocalTime {
    public static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The calendar fields of `timestamp` in the local time zone; nil if the C library cannot.
    public static func parts(_ timestamp: Int32) -> tm? {
        var time = time_t(timestamp)
        var result = tm()
        return localtime_r(&time, &result) == nil ? nil : result
    }

    /// "14:05"; empty if the time cannot be converted.
    public static func hourMinute(_ timestamp: Int32) -> String {
        guard let time = parts(timestamp) else { return "" }
        return twoDigits(Int(time.tm_hour)) + ":" + twoDigits(Int(time.tm_min))
    }

    /// A last message's time as a chat list labels it: "14:05" today, the weekday within the last
    /// week, else the date ("23.11.26").
    public static func chatListLabel(_ timestamp: Int32, now: Int32) -> String {
        guard let time = parts(timestamp), let today = parts(now) else { return "" }
        if time.tm_year == today.tm_year && time.tm_yday == today.tm_yday {
            return twoDigits(Int(time.tm_hour)) + ":" + twoDigits(Int(time.tm_min))
        }
        // Within the last six days (not in the future): the weekday cannot be mistaken.
        let age = Int64(now) - Int64(timestamp)
        if age > 0 && age < 6 * 86_400 + secondsSinceMidnight(today) {
            return weekdays[Int(time.tm_wday) % 7]
        }
        return twoDigits(Int(time.tm_mday)) + "." + twoDigits(Int(time.tm_mon) + 1) + "." + twoDigits(Int(time.tm_year) % 100)
    }

    /// A full local date and time, "2026-11-23 14:05": what a line of text output shows where a
    /// screen would show its date separator and clock (machine-readable output keeps the epoch).
    public static func dateAndTime(_ timestamp: Int32) -> String {
        guard let time = parts(timestamp) else { return String(timestamp) }
        return "\(Int(time.tm_year) + 1900)-\(twoDigits(Int(time.tm_mon) + 1))-\(twoDigits(Int(time.tm_mday))) "
            + twoDigits(Int(time.tm_hour)) + ":" + twoDigits(Int(time.tm_min))
    }

    public static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }

    private static func secondsSinceMidnight(_ t: tm) -> Int64 {
        Int64(t.tm_hour) * 3600 + Int64(t.tm_min) * 60 + Int64(t.tm_sec)
    }
}
