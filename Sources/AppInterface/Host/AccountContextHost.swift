import AppCore
import Cryptography
import Messaging
import Storage
import TelegramUI

/// An account's host in the app: its Postbox read through `PostboxDataSources`, written through
/// `OutgoingMessages` and `MessageActions` (main is the writer; AccountContextHost+Actions).
struct AccountContextHost: AccountHost {
    let account: AccountContext
    let deviceKey: DeviceKey

    var accountId: Int64 { account.record.id }
    var sources: any AccountDataSources { PostboxDataSources(postbox: account.postbox) }

    func markRead(_ chat: ChatId, upTo index: ChatMessage.Index) throws {
        try OutgoingMessages.markRead(chat.peerId, upTo: index.messageIndex(in: chat), postbox: account.postbox)
    }

    func attach(_ avatars: ChatListAvatars, to list: ChatListController) {
        avatars.attach(list, mediaBox: account.postbox.mediaBox, deviceKey: deviceKey)
    }

    func attach(_ photos: ChatPhotos, to chat: ChatController) {
        photos.attach(chat, mediaBox: account.postbox.mediaBox)
    }
}
