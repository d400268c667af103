import TelegramUI

/// A chat's actions over the fake store: each one done to the store's histories (so the chat's
/// next reload shows it) and recorded; `failure` makes every one throw.
@MainActor
public final class FakeChatActions: ChatMessageActions {
    let store: FakeStore
    public var failure: (any Error)?
    public private(set) var sent: [(text: String, replyTo: ChatMessage.Index?)] = []
    public private(set) var edits: [(ChatMessage.Index, String)] = []
    public private(set) var deletions: [([ChatMessage.Index], DeleteChoice)] = []
    public private(set) var forwards: [([ChatMessage.Index], ChatId)] = []
    public private(set) var reactionsToggled: [(String, ChatMessage.Index)] = []
    public private(set) var pins: [ChatMessage.Index?] = []
    public private(set) var drafts: [ComposerDraft?] = []
    public private(set) var copied: [String] = []
    public var targets: [ForwardTarget] = []
    /// Called with each send's text and chat (a host recording what its chats send).
    public var onSend: ((String, ChatId) -> Void)?
    public var choices = [DeleteChoice(title: "Delete for me", forEveryone: false),
                          DeleteChoice(title: "Delete for everyone", forEveryone: true)]

    public init(store: FakeStore) { self.store = store }

    private func check() throws { if let failure { throw failure } }

    public func send(_ text: String, replyTo: ChatMessage.Index?, in chat: ChatId) throws {
        try check()
        sent.append((text, replyTo))
        onSend?(text, chat)
        var history = store.histories[chat] ?? []
        let last = history.last?.index ?? ChatMessage.Index(timestamp: 1_700_000_000, id: 0)
        var content = ChatMessage.Content()
        if replyTo != nil { content.reply = .message(author: nil, text: "…") }
        history.append(ChatMessage(index: ChatMessage.Index(timestamp: last.timestamp, id: last.id + 1), authorId: nil, text: text,
                                   isIncoming: false, content: content))
        store.histories[chat] = history
    }

    public func edit(_ message: ChatMessage.Index, text: String, in chat: ChatId) throws {
        try check()
        edits.append((message, text))
        if let i = store.histories[chat]?.firstIndex(where: { $0.index == message }) {
            store.histories[chat]![i].text = text
            store.histories[chat]![i].content.isEdited = true
        }
    }

    public func deleteChoices(for messages: [ChatMessage.Index], in chat: ChatId) throws -> [DeleteChoice] {
        try check()
        return choices
    }

    public func delete(_ messages: [ChatMessage.Index], choice: DeleteChoice, in chat: ChatId) throws {
        try check()
        deletions.append((messages, choice))
        store.histories[chat]?.removeAll { messages.contains($0.index) }
    }

    public func forwardTargets() throws -> [ForwardTarget] {
        try check()
        return targets
    }

    public func forward(_ messages: [ChatMessage.Index], from chat: ChatId, to target: ChatId) throws {
        try check()
        forwards.append((messages, target))
    }

    public var reactions: [String] { ["👍", "❤️", "🔥"] }

    public func toggleReaction(_ emoji: String, on message: ChatMessage.Index, in chat: ChatId) throws {
        try check()
        reactionsToggled.append((emoji, message))
        if let i = store.histories[chat]?.firstIndex(where: { $0.index == message }) {
            store.histories[chat]![i].content.reactions = [ChatMessage.Reaction(emoji: emoji, count: 1, isChosen: true)]
        }
    }

    public func setPinned(_ message: ChatMessage.Index?, in chat: ChatId) throws {
        try check()
        pins.append(message)
        store.pinned[chat] = message
    }

    public func saveDraft(_ draft: ComposerDraft?, in chat: ChatId) throws {
        try check()
        drafts.append(draft)
        store.drafts[chat] = draft
    }

    public func copy(_ text: String) { copied.append(text) }
}
