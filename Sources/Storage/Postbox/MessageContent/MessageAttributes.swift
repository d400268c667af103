/// What Telegram keeps as a message's attributes (ReplyMessageAttribute, forward info,
/// EditedMessageAttribute, ReactionsMessageAttribute, TextEntitiesMessageAttribute,
/// InlineBotMessageAttribute, AuthorSignatureMessageAttribute, ReplyMarkupMessageAttribute).

/// A formatted span of a message's text (Telegram's MessageTextEntity): offsets and lengths in
/// UTF-16 units of `Message.text`, as Telegram counts them.
public struct MessageTextEntity: Equatable, Sendable {
    /// Telegram Desktop's export names: bold, italic, text_link, mention_name, pre, spoiler, ...
    public var type: String
    public var offset: Int32
    public var length: Int32
    /// The link of a text_link, the user id of a mention_name, the language of a pre block.
    public var value: String?

    public init(type: String, offset: Int32, length: Int32, value: String? = nil) {
        self.type = type
        self.offset = offset
        self.length = length
        self.value = value
    }
}

/// The message this one answers; `peerId` when it is in another chat.
public struct MessageReply: Equatable, Sendable {
    public var id: Int32
    public var peerId: PeerId?
    /// MessageId's namespace: local for a reply to the account's own message still on its way
    /// (its id moves to the server's when the server answers, and so does the reply's).
    public var namespace: Int32

    public init(id: Int32, peerId: PeerId? = nil, namespace: Int32 = MessageId.cloudNamespace) {
        self.id = id
        self.peerId = peerId
        self.namespace = namespace
    }

    /// The message replied to, in `chat` when the reply names no other.
    public func target(in chat: PeerId) -> MessageId { MessageId(peerId: peerId ?? chat, namespace: namespace, id: id) }
}

/// Where a forwarded message came from: the original sender's name (and id, when known), the
/// original date, and the chat it was saved from.
public struct MessageForward: Equatable, Sendable {
    public var from: String?
    public var fromId: PeerId?
    public var date: Int32?
    public var savedFrom: String?

    public init(from: String? = nil, fromId: PeerId? = nil, date: Int32? = nil, savedFrom: String? = nil) {
        self.from = from
        self.fromId = fromId
        self.date = date
        self.savedFrom = savedFrom
    }
}

/// One reaction and how many chose it. A custom emoji has no character: `emoji` is empty and
/// `documentId` names it; a paid reaction is "⭐". `chosenOrder` is set when the account chose it
/// (Telegram's MessageReaction.chosenOrder, whose presence is `isSelected`): the order among the
/// account's own reactions, 0 first.
public struct MessageReaction: Equatable, Sendable {
    public var emoji: String
    public var documentId: String?
    public var count: Int32
    public var chosenOrder: Int32?

    public init(emoji: String, documentId: String? = nil, count: Int32, chosenOrder: Int32? = nil) {
        self.emoji = emoji
        self.documentId = documentId
        self.count = count
        self.chosenOrder = chosenOrder
    }

    /// The account's own (Telegram's isSelected).
    public var isChosen: Bool { chosenOrder != nil }
}

/// An inline keyboard button under a bot's message.
public struct MessageButton: Equatable, Sendable {
    /// Telegram Desktop's names: url, callback, switch_inline, game, buy, auth, ...
    public var type: String
    public var text: String
    /// The URL, or what the button sends.
    public var data: String?

    public init(type: String, text: String, data: String? = nil) {
        self.type = type
        self.text = text
        self.data = data
    }
}
