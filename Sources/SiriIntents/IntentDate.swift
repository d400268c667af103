import Container
import FoundationEssentials

/// `--since` dates: ISO 8601 (a day, `2024-05-01`, meaning its start in UTC; or a full timestamp,
/// `2024-05-01T18:30:00Z`, `…+02:00`, a time without a zone being UTC) or unix seconds.
public enum IntentDate {
    public static func parse(_ text: String) -> Int32? {
        let s = text.trimmingWhitespace()
        guard !s.isEmpty else { return nil }
        if s.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int32(s) }
        let date: Date?
        if s.count == 10 {
            date = try? Date(s, strategy: Date.ISO8601FormatStyle().year().month().day())
        } else {
            date = (try? Date(s, strategy: Date.ISO8601FormatStyle())) ?? (try? Date(s + "Z", strategy: Date.ISO8601FormatStyle()))
        }
        guard let seconds = date?.timeIntervalSince1970, seconds.isFinite, seconds >= 0, seconds < Double(Int32.max) else { return nil }
        return Int32(seconds.rounded(.down))
    }

    /// `2024-05-01T18:30:00Z`, for the readable form.
    static func format(_ unixTime: Int32) -> String {
        Date(timeIntervalSince1970: Double(unixTime)).formatted(Date.ISO8601FormatStyle())
    }
}
