import TelegramUI

/// What one account's screens need: what they read, and what a chat writes (each one change by
/// main, the writer).
@MainActor
protocol AccountHost {
    var accountId: Int64 { get }
    var sources: any AccountDataSources { get }
    /// The composer's send (Telegram's markdown made entities; past the length limit, several
    /// messages), as a reply when `replyTo` is set.
    func send(_ text: String, replyTo: ChatMessage.Index?, to chat: ChatId) throws
    func edit(_ message: ChatMessage.Index, text: String, in chat: ChatId) throws
    func deleteChoices(for messages: [ChatMessage.Index], in chat: ChatId) throws -> [DeleteChoice]
    func delete(_ messages: [ChatMessage.Index], forEveryone: Bool, in chat: ChatId) throws
    func forwardTargets() throws -> [ForwardTarget]
    func forward(_ messages: [ChatMessage.Index], from chat: ChatId, to target: ChatId) throws
    var reactions: [String] { get }
    func toggleReaction(_ emoji: String, on message: ChatMessage.Index, in chat: ChatId) throws
    func setPinned(_ message: ChatMessage.Index?, in chat: ChatId) throws
    func saveDraft(_ draft: ComposerDraft?, in chat: ChatId) throws
    /// A chat shown is read up to `index`.
    func markRead(_ chat: ChatId, upTo index: ChatMessage.Index) throws
    /// The list's avatars drawn from this account's files.
    func attach(_ avatars: ChatListAvatars, to list: ChatListController)
    /// A chat's photos drawn from this account's files.
    func attach(_ photos: ChatPhotos, to chat: ChatController)
}

/// Everything an account's screens read, and a chat's name where no row gives it (a call begun
/// elsewhere).
protocol AccountDataSources: ChatListDataSource, ChatHistoryDataSource, ChatSearchDataSource, ContactsDataSource, CallsDataSource {
    func title(of chat: ChatId) throws -> String?
}
