/// What a person does to a chat's messages, done by the app (main is the only writer): each call
/// is one change in the store, and throws a reason to show when it is refused.
@MainActor
public protocol ChatMessageActions: AnyObject {
    /// Sends the text (several messages when it is longer than Telegram's limit), as a reply to
    /// `replyTo` when set.
    func send(_ text: String, replyTo: ChatMessage.Index?, in chat: ChatId) throws
    /// The account's own message's text replaced, marked edited.
    func edit(_ message: ChatMessage.Index, text: String, in chat: ChatId) throws
    /// What Telegram offers for deleting these messages, the first the usual one.
    func deleteChoices(for messages: [ChatMessage.Index], in chat: ChatId) throws -> [DeleteChoice]
    func delete(_ messages: [ChatMessage.Index], choice: DeleteChoice, in chat: ChatId) throws
    /// The chats a message can be forwarded to, in chat-list order.
    func forwardTargets() throws -> [ForwardTarget]
    func forward(_ messages: [ChatMessage.Index], from chat: ChatId, to target: ChatId) throws
    /// Telegram's default reactions, in the picker's order.
    var reactions: [String] { get }
    /// Adds the account's reaction, or takes it away when it is already the account's.
    func toggleReaction(_ emoji: String, on message: ChatMessage.Index, in chat: ChatId) throws
    /// Pins the message (nil: unpins the chat's pinned message).
    func setPinned(_ message: ChatMessage.Index?, in chat: ChatId) throws
    /// Keeps what is being written in the chat (nil: nothing is).
    func saveDraft(_ draft: ComposerDraft?, in chat: ChatId) throws
    /// Puts the text on the clipboard (the terminal's, through OSC 52).
    func copy(_ text: String)
}

/// One way of deleting messages Telegram offers ("Delete for me", "Delete for everyone").
public struct DeleteChoice: Equatable, Sendable {
    public var title: String
    public var forEveryone: Bool

    public init(title: String, forEveryone: Bool) {
        self.title = title
        self.forEveryone = forEveryone
    }
}

/// A chat a message can be forwarded to.
public struct ForwardTarget: Equatable, Sendable {
    public var chat: ChatId
    public var title: String

    public init(chat: ChatId, title: String) {
        self.chat = chat
        self.title = title
    }
}

/// What was being written in a chat and left there: the text and the message it answers.
public struct ComposerDraft: Equatable, Sendable {
    public var text: String
    public var replyTo: ChatMessage.Index?

    public init(text: String, replyTo: ChatMessage.Index? = nil) {
        self.text = text
        self.replyTo = replyTo
    }

    public var isEmpty: Bool { text.isEmpty && replyTo == nil }
}
