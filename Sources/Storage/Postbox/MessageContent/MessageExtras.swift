/// What a message carries beyond its text and kind: its media and its attributes. Empty for most
/// (a seeded or sent text message), so those are still written in the older, shorter versions.
public struct MessageExtras: Equatable, Sendable {
    public var entities: [MessageTextEntity] = []
    public var replyTo: MessageReply?
    public var forward: MessageForward?
    public var editTimestamp: Int32?
    /// A service message's action ("Ada pinned a message"): `Message.text` is its line.
    public var service: MessageServiceAction?
    public var media: [MessageMedia] = []
    public var reactions: [MessageReaction] = []
    /// The inline bot the message was sent through, as its username.
    public var viaBot: String?
    /// A channel post's author signature.
    public var signature: String?
    /// Inline keyboard rows.
    public var buttons: [[MessageButton]] = []
    /// The sender's name when there is no sender peer to take it from (an export too old to name ids).
    public var authorName: String?

    public init(entities: [MessageTextEntity] = [], replyTo: MessageReply? = nil, forward: MessageForward? = nil,
                editTimestamp: Int32? = nil, service: MessageServiceAction? = nil, media: [MessageMedia] = [],
                reactions: [MessageReaction] = [], viaBot: String? = nil, signature: String? = nil,
                buttons: [[MessageButton]] = [], authorName: String? = nil) {
        self.entities = entities
        self.replyTo = replyTo
        self.forward = forward
        self.editTimestamp = editTimestamp
        self.service = service
        self.media = media
        self.reactions = reactions
        self.viaBot = viaBot
        self.signature = signature
        self.buttons = buttons
        self.authorName = authorName
    }

    public var isEmpty: Bool { self == MessageExtras() }
    public var isService: Bool { service != nil }

    /// The message's photo or document, if it has one.
    public var file: MessageFile? { media.lazy.compactMap(\.file).first }
    public var poll: MessagePoll? { media.lazy.compactMap(\.poll).first }
    public var contact: MessageContact? { media.lazy.compactMap(\.contact).first }
    public var location: MessageLocation? { media.lazy.compactMap(\.location).first }
    public var todo: MessageTodo? { media.lazy.compactMap(\.todo).first }
}
