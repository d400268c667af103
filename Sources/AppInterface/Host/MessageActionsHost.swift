import AppCore
import Storage
import TelegramUI

/// What a chat's screens do to its messages (AppCore's MessageActions, main's one writer), in
/// the screens' ids: a chat and its message ids. The reads are what a selection needs to offer.
@MainActor
protocol MessageActionsHost {
    /// A long text goes as several messages (LongTextSplit), the reply on the first; their ids.
    func send(_ text: String, entities: [MessageTextEntity], replyTo: Int32?, to chat: ChatId) throws -> [Int32]
    func edit(_ id: Int32, in chat: ChatId, text: String, entities: [MessageTextEntity]) throws
    func delete(_ ids: [Int32], in chat: ChatId, scope: DeleteScope) throws
    /// The copies' ids in `target`.
    func forward(_ ids: [Int32], from chat: ChatId, to target: ChatId) throws -> [Int32]
    func toggleReaction(_ emoji: String, on id: Int32, in chat: ChatId) throws
    func setPinned(_ id: Int32, in chat: ChatId, pinned: Bool) throws
    /// An empty draft (no text, no reply) clears the chat's.
    func saveDraft(_ draft: ChatDraft, in chat: ChatId) throws

    func draft(of chat: ChatId) throws -> ChatDraft?
    /// The message the chat shows pinned.
    func pinnedMessageId(of chat: ChatId) throws -> Int32?
    /// What Telegram offers for deleting these messages (an empty set offers nothing).
    func deleteOptions(_ ids: [Int32], in chat: ChatId) throws -> DeleteOptions
    /// The account's own message (Telegram lets it be edited, within its limits: `canEdit`).
    func isOwn(_ id: Int32, in chat: ChatId) throws -> Bool
    func canEdit(_ id: Int32, in chat: ChatId) throws -> Bool
    /// The reaction picker's emoji, in Telegram's order.
    var reactions: [String] { get }
}
