/// What notify-service hands the system, mirroring UNNotificationContent, plus how it got there.
public struct NotificationContent: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Decrypted, verified and enriched: show it.
        case delivered
        /// Verified, but nothing to show (already read, muted, a silent update).
        case suppressed
        /// Verified: remove notifications already shown (deleted or read elsewhere).
        case removed
        /// Could not be verified or enriched: the push's own alert, else the generic string.
        case fallback
    }

    public struct Attachment: Codable, Equatable, Sendable {
        public var identifier: String
        public var path: String
    }

    /// Which shown notifications a removal targets: these message ids, or all up to `upToMessageId`.
    public struct Removal: Codable, Equatable, Sendable {
        public var peerId: Int64
        public var messageIds: [Int32]?
        public var upToMessageId: Int32?

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(peerId, forKey: .peerId)
            try c.encode(messageIds, forKey: .messageIds)
            try c.encode(upToMessageId, forKey: .upToMessageId)
        }
    }

    public var status: Status
    /// The notification request's identifier: `<peerId>_<msgId>` for a message, so a later push
    /// for the same message (an edit) replaces the one shown, as a request with the same
    /// identifier does on the system; empty when the push names no message.
    public var identifier: String = ""
    /// Machine-readable cause for anything but a plain delivery (e.g. "msgKeyMismatch", "muted").
    public var reason: String?
    /// The same, for people.
    public var detail: String?
    public var title: String
    public var subtitle: String
    public var body: String
    public var threadIdentifier: String
    public var categoryIdentifier: String
    public var sound: String?
    public var badge: Int?
    public var attachments: [Attachment]
    public var userInfo: [String: String]
    public var removal: Removal?
    /// The app was locked at delivery: no name, no text, no avatar.
    public var locked: Bool
    /// Counted as locked because no lock state could be read (no container): fail-closed, but
    /// not what the person set, so the text says which.
    public var lockStateUnknown: Bool = false
    /// Time ran out (serviceExtensionTimeWillExpire): this is the best content there was.
    public var deadlineExpired: Bool

    public init(status: Status, reason: String? = nil, detail: String? = nil, title: String = "", subtitle: String = "",
                body: String = "", threadIdentifier: String = "", categoryIdentifier: String = "", sound: String? = nil,
                badge: Int? = nil, attachments: [Attachment] = [], userInfo: [String: String] = [:], removal: Removal? = nil,
                locked: Bool = false, deadlineExpired: Bool = false) {
        self.status = status
        self.reason = reason
        self.detail = detail
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.threadIdentifier = threadIdentifier
        self.categoryIdentifier = categoryIdentifier
        self.sound = sound
        self.badge = badge
        self.attachments = attachments
        self.userInfo = userInfo
        self.removal = removal
        self.locked = locked
        self.deadlineExpired = deadlineExpired
    }

    /// Absent values are written as null, so readers see every key.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(status, forKey: .status)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(reason, forKey: .reason)
        try c.encode(detail, forKey: .detail)
        try c.encode(title, forKey: .title)
        try c.encode(subtitle, forKey: .subtitle)
        try c.encode(body, forKey: .body)
        try c.encode(threadIdentifier, forKey: .threadIdentifier)
        try c.encode(categoryIdentifier, forKey: .categoryIdentifier)
        try c.encode(sound, forKey: .sound)
        try c.encode(badge, forKey: .badge)
        try c.encode(attachments, forKey: .attachments)
        try c.encode(userInfo, forKey: .userInfo)
        try c.encode(removal, forKey: .removal)
        try c.encode(locked, forKey: .locked)
        try c.encode(lockStateUnknown, forKey: .lockStateUnknown)
        try c.encode(deadlineExpired, forKey: .deadlineExpired)
    }

    /// Human-readable form for the terminal.
    public var lines: [String] {
        var lines = ["status: \(status.rawValue)\(reason.map { " (\($0))" } ?? "")"]
        if let detail { lines.append("detail: \(detail)") }
        if !title.isEmpty { lines.append("title: \(title)") }
        if !subtitle.isEmpty { lines.append("subtitle: \(subtitle)") }
        if !body.isEmpty { lines.append("body: \(body)") }
        if let badge { lines.append("badge: \(badge)") }
        for attachment in attachments { lines.append("attachment: \(attachment.identifier) \(attachment.path)") }
        if let removal {
            let what = removal.messageIds.map { "messages \($0.map(String.init).joined(separator: ","))" }
                ?? removal.upToMessageId.map { "messages up to \($0)" } ?? "nothing"
            lines.append("remove: \(what) in chat \(removal.peerId)")
        }
        if locked {
            lines.append(lockStateUnknown ? "locked: content hidden, as if locked (no container to read the lock state from)"
                                          : "locked: the app is locked, content hidden")
        }
        if deadlineExpired { lines.append("deadline: expired, best content delivered") }
        return lines
    }
}
