import TelegramUI

/// What one account's screens need: what they read, and the two writes a chat makes.
@MainActor
protocol AccountHost: MessageActionsHost {
    var accountId: Int64 { get }
    var sources: any AccountDataSources { get }
    /// The composer's send: a long text goes as several messages, nothing cut.
    func send(_ text: String, to chat: ChatId) throws
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
