import AppCore
import Cryptography
import DesktopIntegration
import Messaging
import TelegramCore
import TelegramUI

/// An account's host in the app: read through `EngineDataSources`, written through the engine's
/// use cases (main is the writer; AccountContextHost+Actions).
struct AccountContextHost: AccountHost {
    let account: Account
    let deviceKey: DeviceKey
    /// The app's own link scheme (tg): such links in a chat open here.
    var scheme = "tg"

    var accountId: Int64 { account.record.id }
    var sources: any AccountDataSources {
        EngineDataSources(engine: account.engine, account: account)
    }

    /// The person types in `chat`: its other side hears it (when the account has a server).
    func typing(in chat: ChatId) { account.typingInChat?(chat.peerId) }

    /// `chat` opened: its pinned messages are asked of the server (when the account has one).
    func opened(_ chat: ChatId) { account.fetchPinnedFromServer?(chat.peerId) }

    func markRead(_ chat: ChatId, upTo index: ChatMessage.Index) throws -> Bool {
        try account.engine.messages.markRead(chat.peerId, upTo: index.messageIndex(in: chat))
    }

    func attach(_ avatars: ChatListAvatars, to list: ChatListController) {
        avatars.attach(list, mediaBox: account.postbox.mediaBox, deviceKey: deviceKey)
    }

    func openActions(opener: Opener, log: InterfaceLog, openChat: @escaping (ChatId, String) -> Void) -> (any ChatOpenActions)? {
        PostboxChatOpenActions(account: account, opener: opener, directories: .current(), scheme: scheme, log: log, openChat: openChat)
    }

    func attach(_ photos: ChatPhotos, to chat: ChatController) {
        photos.attach(chat, mediaBox: account.postbox.mediaBox)
    }
}
