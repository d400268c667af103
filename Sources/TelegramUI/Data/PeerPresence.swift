/// A user's online status as a chat's header shows it (Telegram's "online", "last seen …").
public enum PeerPresence: Equatable, Sendable {
    case online
    case lastSeen(Int32)
    /// The user hides the time: only roughly.
    case recently, lastWeek, lastMonth
}

/// Telegram's wording: "online", "last seen just now", "last seen 5 minutes ago", "last seen at
/// 14:05" (today), "last seen yesterday at 14:05", "last seen 23.11.26"; for a hidden time "last
/// seen recently", "within a week", "within a month".
enum PresenceText {
    static func text(_ presence: PeerPresence, now: Int32) -> String {
        switch presence {
        case .online: return "online"
        case .recently: return "last seen recently"
        case .lastWeek: return "last seen within a week"
        case .lastMonth: return "last seen within a month"
        case .lastSeen(let time):
            let ago = max(0, now - time)
            if ago < 60 { return "last seen just now" }
            if ago < 3600 { return "last seen \(ago / 60) minute\(ago / 60 == 1 ? "" : "s") ago" }
            if TimeText.sameDay(time, now) { return "last seen at \(TimeText.clock(time))" }
            if TimeText.sameDay(time, now - 86_400) { return "last seen yesterday at \(TimeText.clock(time))" }
            return "last seen \(TimeText.short(time, now: now))"
        }
    }
}
