#if canImport(Glibc)
import Glibc
#endif

/// "14:05" in the device's local time, as a notification shows a message's time.
enum MessageTime {
    static func shortTime(_ timestamp: Int32) -> String {
        var time = time_t(timestamp)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return "" }
        let hour = Int(parts.tm_hour), minute = Int(parts.tm_min)
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
