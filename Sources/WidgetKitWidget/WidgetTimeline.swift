import Formats

/// What `widget timeline` prints: Telegram's timeline of one entry, in one of three states —
/// the chats, the empty state (and why), or the locked placeholder, which shows nothing else.
public struct WidgetTimeline: Encodable, Equatable, Sendable {
    public enum State: String, Encodable, Sendable {
        case chats, empty, locked
    }

    /// Why the widget is empty.
    public enum EmptyReason: String, Encodable, Sendable {
        /// No account is logged in.
        case noAccount
        /// main has not written widget-data yet, or it was deleted.
        case noData
        /// widget-data is corrupt, truncated, or sealed with another device's key.
        case unreadable
        /// widget-data belongs to an account that is not the current one.
        case otherAccount
        /// main published that there is nothing to show (no chats).
        case noChats
        /// widget-data was last confirmed by main more than a week ago (or is dated in the future):
        /// main refreshes it at least hourly while it runs, so this is an app not run for days.
        case stale
    }

    public struct Badge: Encodable, Equatable, Sendable {
        public var count: Int
        public var muted: Bool
    }

    public struct Message: Encodable, Equatable, Sendable {
        /// Shown above the text in groups and channels: the member's name, or "You".
        public var author: String?
        /// What the widget shows: the text, or the content in words ("Photo") when it has none.
        public var text: String
        /// Telegram's content kind (text, image, video, …).
        public var content: String
        public var timestamp: Int32
        /// The label drawn at the right of the title: "14:05", "Tue", "12.03.24".
        public var time: String

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(author, forKey: .author)
            try c.encode(text, forKey: .text)
            try c.encode(content, forKey: .content)
            try c.encode(timestamp, forKey: .timestamp)
            try c.encode(time, forKey: .time)
        }

        private enum CodingKeys: String, CodingKey { case author, text, content, timestamp, time }
    }

    public struct Chat: Encodable, Equatable, Sendable {
        public var peerId: Int64
        /// user, group, channel, secret.
        public var kind: String
        public var title: String
        public var letters: [String]
        /// Telegram's widget gradient for the letters avatar: abs(account peer id + peer id) % 7.
        public var gradientIndex: Int
        /// The profile photo in the MediaBox, when there is one.
        public var avatarPath: String?
        /// The account's own chat, drawn with the bookmark avatar.
        public var savedMessages: Bool
        public var badge: Badge?
        public var message: Message?
        /// `<scheme>://localpeer?id=<peerId>&accountId=<accountId>`; `<scheme>://` on the small widget.
        public var link: String

        // Absent values are written as null, so every key is always there for scripts.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(peerId, forKey: .peerId)
            try c.encode(kind, forKey: .kind)
            try c.encode(title, forKey: .title)
            try c.encode(letters, forKey: .letters)
            try c.encode(gradientIndex, forKey: .gradientIndex)
            try c.encode(avatarPath, forKey: .avatarPath)
            try c.encode(savedMessages, forKey: .savedMessages)
            try c.encode(badge, forKey: .badge)
            try c.encode(message, forKey: .message)
            try c.encode(link, forKey: .link)
        }

        private enum CodingKeys: String, CodingKey {
            case peerId, kind, title, letters, gradientIndex, avatarPath, savedMessages, badge, message, link
        }
    }

    public struct Entry: Encodable, Equatable, Sendable {
        /// When the entry is for (now), unix seconds.
        public var date: Int32
        /// The words shown instead of chats: the locked placeholder or the empty state's.
        public var text: String?
        /// When main last confirmed the data (widget-data's updateTimestamp).
        public var updated: Int32?
        public var chats: [Chat]?
    }

    public var state: State
    public var reason: EmptyReason?
    /// For an unreadable file: why it could not be opened (never its content).
    public var detail: String?
    public var family: WidgetPicture.Family
    /// The account whose chats are shown (chats only).
    public var accountId: String?
    /// The account's own peer id, for the avatars' gradients (chats only).
    public var accountPeerId: Int64?
    public var entries: [Entry]

    /// The one entry Telegram's timeline has.
    public var entry: Entry { entries[0] }
}
