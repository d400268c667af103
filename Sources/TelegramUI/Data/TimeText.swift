import Glibc

/// Times as the chat list and the chat show them, in the machine's time zone: `14:05` today,
/// `Mon` within the week, `23.11.26` before; dates for the chat's separators.
enum TimeText {
    static func components(_ timestamp: Int32) -> tm {
        var time = time_t(timestamp)
        var parts = tm()
        localtime_r(&time, &parts)
        return parts
    }

    static func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func clock(_ timestamp: Int32) -> String {
        let parts = components(timestamp)
        return twoDigits(parts.tm_hour) + ":" + twoDigits(parts.tm_min)
    }

    /// What the chat list shows for a message at `timestamp`, seen at `now`.
    static func short(_ timestamp: Int32, now: Int32) -> String {
        let day = components(timestamp), today = components(now)
        if day.tm_year == today.tm_year && day.tm_yday == today.tm_yday { return clock(timestamp) }
        if now - timestamp < 6 * 86_400 && now >= timestamp { return weekdays[Int(day.tm_wday)] }
        return twoDigits(day.tm_mday) + "." + twoDigits(day.tm_mon + 1) + "." + twoDigits(day.tm_year % 100)
    }

    /// A date separator's text: `Monday, 23 November 2026`.
    static func date(_ timestamp: Int32) -> String {
        let parts = components(timestamp)
        return "\(longWeekdays[Int(parts.tm_wday)]), \(parts.tm_mday) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900)"
    }

    /// Whether two timestamps fall on the same local day.
    static func sameDay(_ a: Int32, _ b: Int32) -> Bool {
        let x = components(a), y = components(b)
        return x.tm_year == y.tm_year && x.tm_yday == y.tm_yday
    }

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let longWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]

    static func now() -> Int32 { Int32(clamping: time(nil)) }
}
