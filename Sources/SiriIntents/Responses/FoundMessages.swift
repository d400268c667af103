/// One message search-messages found (INMessage's fields).
public struct FoundMessage: Encodable, Sendable {
    /// `<peerId>_<namespace>_<id>`.
    public let identifier: String
    /// The chat's peer id, as Telegram's conversationIdentifier.
    public let conversationIdentifier: String
    public let chatTitle: String
    public let sender: IntentPerson?
    public let isOutgoing: Bool
    public let content: String
    /// Unix seconds.
    public let dateSent: Int32
    public let isRead: Bool

    public init(identifier: String, conversationIdentifier: String, chatTitle: String, sender: IntentPerson?, isOutgoing: Bool, content: String, dateSent: Int32, isRead: Bool) {
        self.identifier = identifier
        self.conversationIdentifier = conversationIdentifier
        self.chatTitle = chatTitle
        self.sender = sender
        self.isOutgoing = isOutgoing
        self.content = content
        self.dateSent = dateSent
        self.isRead = isRead
    }

    private enum CodingKeys: String, CodingKey { case identifier, conversationIdentifier, chatTitle, sender, isOutgoing, content, dateSent, isRead }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(conversationIdentifier, forKey: .conversationIdentifier)
        try c.encode(chatTitle, forKey: .chatTitle)
        try c.encode(sender, forKey: .sender)
        try c.encode(isOutgoing, forKey: .isOutgoing)
        try c.encode(content, forKey: .content)
        try c.encode(dateSent, forKey: .dateSent)
        try c.encode(isRead, forKey: .isRead)
    }
}

/// search-messages' payload: the messages, newest first.
public struct FoundMessages: RecipientPayload {
    public var messages: [FoundMessage] = []
    /// When `--from` fits several people: who they are.
    public var candidates: [IntentPerson] = []

    public init(messages: [FoundMessage] = [], candidates: [IntentPerson] = []) {
        self.messages = messages
        self.candidates = candidates
    }

    public static var empty: FoundMessages { FoundMessages() }
    public static func candidates(_ people: [IntentPerson]) -> FoundMessages { FoundMessages(candidates: people) }

    public var lines: [String] {
        var lines = messages.map { m in
            "\(m.identifier)  \(IntentDate.format(m.dateSent))  \(m.chatTitle)\(m.isOutgoing ? " ← you" : m.sender.map { " ← \($0.displayName)" } ?? "")\(m.isRead ? "" : " (unread)"): \(m.content)"
        }
        if !candidates.isEmpty { lines += ["candidates:"] + candidates.map { "  \($0.label)" } }
        return lines
    }
}
