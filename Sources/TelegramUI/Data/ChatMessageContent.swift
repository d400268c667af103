/// What a message carries besides its text, in the chat screen's terms (Telegram's message
/// attributes and media). The app fills it from the store when it reads a page: the replied
/// message is looked up then, never while drawing.
extension ChatMessage {
    public struct Content: Equatable, Sendable {
        public var reply: Reply?
        /// Where the replied message is in this chat (a jump goes there), when it is here.
        public var replyTarget: ChatMessage.Index?
        public var forward: Forward?
        public var isEdited: Bool
        /// When it was last edited, where the store knows.
        public var editedAt: Int32?
        /// The inline bot it was sent through, as its username (no `@`).
        public var viaBot: String?
        /// A channel post's author signature.
        public var signature: String?
        /// A service message ("Ada pinned a message"): the text is its line, drawn centred.
        public var isService: Bool
        public var media: [Media]
        public var reactions: [Reaction]
        /// Inline keyboard rows: each button's label.
        public var buttons: [[String]]

        public init(reply: Reply? = nil, forward: Forward? = nil, isEdited: Bool = false, viaBot: String? = nil,
                    signature: String? = nil, isService: Bool = false, media: [Media] = [], reactions: [Reaction] = [],
                    buttons: [[String]] = []) {
            self.reply = reply
            self.forward = forward
            self.isEdited = isEdited
            self.viaBot = viaBot
            self.signature = signature
            self.isService = isService
            self.media = media
            self.reactions = reactions
            self.buttons = buttons
        }
    }

    /// The message a reply answers, as its quote shows it.
    public enum Reply: Equatable, Sendable {
        /// Found in this chat: its author's name (nil when it has none) and its first line.
        case message(author: String?, text: String)
        /// In another chat (a reply across chats): not read here.
        case otherChat
        /// Not in the store (deleted, or older than the history kept).
        case deleted
    }

    /// Where a forwarded message came from.
    public struct Forward: Equatable, Sendable {
        public var from: String?
        /// The chat it was saved from (Saved Messages' "saved from").
        public var savedFrom: String?
        /// When the original was sent.
        public var date: Int32?

        public init(from: String?, savedFrom: String? = nil, date: Int32? = nil) {
            self.from = from
            self.savedFrom = savedFrom
            self.date = date
        }
    }

    /// One reaction and how many chose it; a custom emoji has no character (`emoji` empty).
    public struct Reaction: Equatable, Sendable {
        public var emoji: String
        public var count: Int
        /// Whether one of them is the account's own (drawn highlighted; choosing it again takes it back).
        public var isChosen: Bool

        public init(emoji: String, count: Int, isChosen: Bool = false) {
            self.emoji = emoji
            self.count = count
            self.isChosen = isChosen
        }
    }
}
