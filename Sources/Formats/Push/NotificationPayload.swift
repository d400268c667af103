import Container
import FoundationEssentials

/// The decrypted push JSON, with Telegram's keys. Ids are decimal strings, as Telegram's server
/// sends them; the peer is named by exactly one of from_id (user), chat_id (group), channel_id
/// (channel) or encryption_id (secret chat), each a raw id, not a packed PeerId.
public struct NotificationPayload: Codable, Equatable, Sendable {
    public enum LocKey {
        public static let messageText = "MESSAGE_TEXT"
        public static let chatMessageText = "CHAT_MESSAGE_TEXT"
        public static let channelMessageText = "CHANNEL_MESSAGE_TEXT"
        public static let messageMuted = "MESSAGE_MUTED"
        public static let messageDeleted = "MESSAGE_DELETED"
        public static let readHistory = "READ_HISTORY"
        public static let sessionRevoke = "SESSION_REVOKE"
        /// Someone reacted to the account's message ("Ada reacted 👍 to your message …").
        public static let reactText = "REACT_TEXT"
        public static let chatReactText = "CHAT_REACT_TEXT"
        /// Someone pinned a message ("Ada pinned "…"").
        public static let pinnedText = "PINNED_TEXT"
        public static let chatPinnedText = "CHAT_PINNED_TEXT"
    }

    public var locKey: String?
    public var locArgs: [String]?
    public var fromId: String?
    public var chatId: String?
    public var channelId: String?
    public var encryptionId: String?
    public var msgId: String?
    /// MESSAGE_DELETED: "1,2,3".
    public var messages: String?
    /// READ_HISTORY: read up to this id.
    public var maxId: String?
    /// An edited message's push: when it was edited (Unix time); the rest is the message's push.
    public var editDate: String?
    public var topicTitle: String?
    public var topicId: String?
    /// "1": sent silently (Telegram appends 🔕 to the title).
    public var silent: String?
    public var aps: PushAps?

    public init(locKey: String? = nil, locArgs: [String]? = nil, fromId: String? = nil, chatId: String? = nil,
                channelId: String? = nil, encryptionId: String? = nil, msgId: String? = nil, messages: String? = nil,
                maxId: String? = nil, editDate: String? = nil, topicTitle: String? = nil, topicId: String? = nil, silent: String? = nil,
                aps: PushAps? = nil) {
        self.locKey = locKey
        self.locArgs = locArgs
        self.fromId = fromId
        self.chatId = chatId
        self.channelId = channelId
        self.encryptionId = encryptionId
        self.msgId = msgId
        self.messages = messages
        self.maxId = maxId
        self.editDate = editDate
        self.topicTitle = topicTitle
        self.topicId = topicId
        self.silent = silent
        self.aps = aps
    }

    private enum CodingKeys: String, CodingKey {
        case locKey = "loc-key", locArgs = "loc-args"
        case fromId = "from_id", chatId = "chat_id", channelId = "channel_id", encryptionId = "encryption_id"
        case msgId = "msg_id", messages, maxId = "max_id", editDate = "edit_date"
        case topicTitle = "topic_title", topicId = "topic_id", silent, aps
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        locKey = c.lenientString(.locKey)
        locArgs = (try? c.decodeIfPresent([String].self, forKey: .locArgs)) ?? nil
        fromId = c.lenientString(.fromId)
        chatId = c.lenientString(.chatId)
        channelId = c.lenientString(.channelId)
        encryptionId = c.lenientString(.encryptionId)
        msgId = c.lenientString(.msgId)
        messages = c.lenientString(.messages)
        maxId = c.lenientString(.maxId)
        editDate = c.lenientString(.editDate)
        topicTitle = c.lenientString(.topicTitle)
        topicId = c.lenientString(.topicId)
        silent = c.lenientString(.silent)
        aps = (try? c.decodeIfPresent(PushAps.self, forKey: .aps)) ?? nil
    }

    public static func decode(_ bytes: [UInt8]) -> NotificationPayload? {
        try? StrictJSON.decode(NotificationPayload.self, from: bytes)
    }

    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self))
    }

    /// MESSAGE_DELETED's ids: `msg_id`, else the `messages` list (Telegram's order of preference).
    /// nil unless every id is a message id (1...Int32.max) and there is at least one: a removal
    /// of "some messages, we could not tell which" is no removal.
    public var deletedMessageIds: [Int32]? {
        if let msgId { return Self.messageId(msgId).map { [$0] } }
        guard let messages else { return nil }
        var ids: [Int32] = []
        for part in messages.split(separator: ",", omittingEmptySubsequences: false) {
            guard let id = Self.messageId(String(part).trimmingWhitespace()) else { return nil }
            ids.append(id)
        }
        return ids.isEmpty ? nil : ids
    }

    /// A message id as pushes carry it: decimal digits only (no sign, no spaces), 1...Int32.max.
    public static func messageId(_ text: String) -> Int32? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let id = Int32(text), id > 0 else { return nil }
        return id
    }
}

extension Substring {
    func trimmingWhitespace() -> String { String(self).trimmingWhitespace() }
}
