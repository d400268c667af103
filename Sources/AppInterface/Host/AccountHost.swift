import AppCore
import DesktopIntegration
import TelegramUI

/// What one account's screens need: what they read, and what a chat writes (each one change by
/// main, the writer).
@MainActor
protocol AccountHost {
    var accountId: Int64 { get }
    var sources: any AccountDataSources { get }
    /// What a chat's keys do to its messages (the writes), logging through `log`; `clipboard`
    /// puts a copied text on the terminal's clipboard.
    func chatActions(log: InterfaceLog, clipboard: @escaping (String) -> Void) -> any ChatMessageActions
    /// Opening and saving a chat's files and links with `opener`; `openChat` shows a link's chat.
    /// Nil where there is no desktop to hand them to.
    func openActions(opener: Opener, log: InterfaceLog, openChat: @escaping (ChatId, String) -> Void) -> (any ChatOpenActions)?
    /// A chat shown is read up to `index`; whether that read anything (the list's badge changed).
    func markRead(_ chat: ChatId, upTo index: ChatMessage.Index) throws -> Bool
    /// The list's avatars drawn from this account's files.
    func attach(_ avatars: ChatListAvatars, to list: ChatListController)
    /// A chat's photos drawn from this account's files.
    func attach(_ photos: ChatPhotos, to chat: ChatController)
    /// Where a chat finds files to send and sends them into this account's MediaBox, waking the
    /// run loop through `wake` as they copy; nil where files cannot be sent.
    func attachmentSource(wake: WakePipe, log: InterfaceLog) -> (any ChatAttachmentSource)?
    /// The person types in `chat` (its other side hears it where the account has a server).
    func typing(in chat: ChatId)
    /// `chat` opened on screen: what a sync does not bring of it (its pinned messages) is asked
    /// of the server, where the account has one.
    func opened(_ chat: ChatId)
    /// What the chat list's p and m change; nil where nothing is written.
    func chatListActions() -> (any ChatListActions)?
    /// New groups and channels, members added; nil where nothing is written.
    func chatCreationActions() -> (any ChatCreationActions)?
}

extension AccountHost {
    func attachmentSource(wake: WakePipe, log: InterfaceLog) -> (any ChatAttachmentSource)? { nil }
    func typing(in chat: ChatId) {}
    func opened(_ chat: ChatId) {}
    func chatListActions() -> (any ChatListActions)? { nil }
    func chatCreationActions() -> (any ChatCreationActions)? { nil }
}

extension AccountHost {
    func openActions(opener: Opener, log: InterfaceLog, openChat: @escaping (ChatId, String) -> Void) -> (any ChatOpenActions)? { nil }
}

/// Everything an account's screens read, and a chat's name where no row gives it (a call begun
/// elsewhere).
protocol AccountDataSources: ChatListDataSource, ChatHistoryDataSource, ChatSearchDataSource, ContactsDataSource, CallsDataSource {
    func title(of chat: ChatId) throws -> String?
}
