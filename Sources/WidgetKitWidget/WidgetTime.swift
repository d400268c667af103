#if canImport(Glibc)
import Glibc
#endif

import Container

/// The widget's times in the device's local time: its messages labelled as the chat list labels
/// them (`LocalTime.chatListLabel`), its own update time and age.
enum WidgetTime {
    static func label(_ timestamp: Int32, now: Int32) -> String { LocalTime.chatListLabel(timestamp, now: now) }

    /// "14:05:03", for the timeline's own update time.
    static func clock(_ timestamp: Int32) -> String {
        guard let time = LocalTime.parts(timestamp) else { return "" }
        return [time.tm_hour, time.tm_min, time.tm_sec].map { LocalTime.twoDigits(Int($0)) }.joined(separator: ":")
    }

    /// "3 s", "12 min", "5 h", "9 days": how long ago main last changed the widget's data.
    static func age(_ seconds: Int64) -> String {
        let seconds = max(0, seconds)
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 3600 { return "\(seconds / 60) min" }
        if seconds < 2 * 86_400 { return "\(seconds / 3600) h" }
        return "\(seconds / 86_400) days"
    }
}
