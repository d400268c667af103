import Container
import Glibc

/// Times as the chat list and the chat show them, in the machine's time zone: the app's own
/// labels (`LocalTime`: `14:05`, `Mon`, `23.11.26`), and the chat's date separators.
enum TimeText {
    static func clock(_ timestamp: Int32) -> String { LocalTime.hourMinute(timestamp) }

    /// What the chat list shows for a message at `timestamp`, seen at `now`.
    static func short(_ timestamp: Int32, now: Int32) -> String { LocalTime.chatListLabel(timestamp, now: now) }

    /// A date separator's text: `Monday, 23 November 2026`.
    static func date(_ timestamp: Int32) -> String {
        guard let parts = LocalTime.parts(timestamp) else { return "" }
        return "\(longWeekdays[Int(parts.tm_wday)]), \(parts.tm_mday) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900)"
    }

    /// A moment in full, for a message's details: `Monday, 23 November 2026, 14:05:09`.
    static func full(_ timestamp: Int32) -> String {
        guard let parts = LocalTime.parts(timestamp) else { return String(timestamp) }
        return date(timestamp) + ", " + clock(timestamp) + ":" + LocalTime.twoDigits(Int(parts.tm_sec))
    }

    /// Whether two timestamps fall on the same local day.
    static func sameDay(_ a: Int32, _ b: Int32) -> Bool {
        guard let x = LocalTime.parts(a), let y = LocalTime.parts(b) else { return false }
        return x.tm_year == y.tm_year && x.tm_yday == y.tm_yday
    }

    static let longWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]

    static func now() -> Int32 { Int32(clamping: time(nil)) }
}
