/// What became of the notification on the desktop, for `notify-service --json`'s "desktop" key.
public struct DesktopOutcome: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        /// Posted as a new notification.
        case posted
        /// Posted over the chat's earlier notification (replaces_id).
        case replaced
        /// The chat's notification was closed (a deletion, a read mark).
        case closed
        /// Nothing to show or close (a muted chat, a silent update, nothing of ours open).
        case none
        /// Desktop notifications are off (configuration file, TELEGRAM_DESKTOP_NOTIFICATIONS=0).
        case off
        /// No session bus or no notification server: nothing else changes.
        case unavailable
        /// The server refused or did not answer in time.
        case failed
    }

    public var outcome: Kind
    /// The server's id for the notification posted (posted, replaced).
    public var id: UInt32?
    /// The id it replaced (replaced).
    public var replacedId: UInt32?
    /// The ids closed (closed).
    public var closedIds: [UInt32]
    /// Whether the notification offers an inline reply (the server lists "inline-reply").
    public var inlineReply: Bool
    /// Why, for anything but posted, replaced and closed: a code ("noSessionBus", "muted", ...).
    public var reason: String?
    public var detail: String?

    public init(_ outcome: Kind, id: UInt32? = nil, replacedId: UInt32? = nil, closedIds: [UInt32] = [], inlineReply: Bool = false,
                reason: String? = nil, detail: String? = nil) {
        self.outcome = outcome
        self.id = id
        self.replacedId = replacedId
        self.closedIds = closedIds
        self.inlineReply = inlineReply
        self.reason = reason
        self.detail = detail
    }

    /// Absent values are written as null, so readers see every key.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(outcome, forKey: .outcome)
        try c.encode(id, forKey: .id)
        try c.encode(replacedId, forKey: .replacedId)
        try c.encode(closedIds, forKey: .closedIds)
        try c.encode(inlineReply, forKey: .inlineReply)
        try c.encode(reason, forKey: .reason)
        try c.encode(detail, forKey: .detail)
    }

    public var line: String {
        switch outcome {
        case .posted: return "desktop: posted id \(id ?? 0)\(inlineReply ? " (inline reply)" : "")"
        case .replaced: return "desktop: replaced \(replacedId ?? 0) with id \(id ?? 0)\(inlineReply ? " (inline reply)" : "")"
        case .closed: return "desktop: closed \(closedIds.map(String.init).joined(separator: ","))"
        default: return "desktop: \(outcome.rawValue)\(reason.map { " (\($0))" } ?? "")\(detail.map { ": \($0)" } ?? "")"
        }
    }
}
