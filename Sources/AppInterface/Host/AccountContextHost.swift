import AppCore
import Cryptography
import Storage
import TelegramUI

/// An account's host in the app: its Postbox read through `PostboxDataSources`, written through
/// `OutgoingMessages` (main is the writer).
struct AccountContextHost: AccountHost {
    let account: AccountContext
    let deviceKey: DeviceKey

    var accountId: Int64 { account.record.id }
    var sources: any AccountDataSources { PostboxDataSources(postbox: account.postbox) }

    func send(_ text: String, replyTo: ChatMessage.Index?, to chat: ChatId) throws {
        _ = try OutgoingMessages.sendText(text, to: chat.peerId, account: account)
    }

    func edit(_ message: ChatMessage.Index, text: String, in chat: ChatId) throws { throw Pending() }
    func deleteChoices(for messages: [ChatMessage.Index], in chat: ChatId) throws -> [DeleteChoice] { throw Pending() }
    func delete(_ messages: [ChatMessage.Index], forEveryone: Bool, in chat: ChatId) throws { throw Pending() }
    func forwardTargets() throws -> [ForwardTarget] { throw Pending() }
    func forward(_ messages: [ChatMessage.Index], from chat: ChatId, to target: ChatId) throws { throw Pending() }
    var reactions: [String] { ["👍", "❤️"] }
    func toggleReaction(_ emoji: String, on message: ChatMessage.Index, in chat: ChatId) throws { throw Pending() }
    func setPinned(_ message: ChatMessage.Index?, in chat: ChatId) throws { throw Pending() }
    func saveDraft(_ draft: ChatDraft?, in chat: ChatId) throws {}
    struct Pending: Error {}

    func markRead(_ chat: ChatId, upTo index: ChatMessage.Index) throws {
        try OutgoingMessages.markRead(chat.peerId, upTo: index.messageIndex(in: chat), account: account)
    }

    func attach(_ avatars: ChatListAvatars, to list: ChatListController) {
        avatars.attach(list, mediaBox: account.postbox.mediaBox, deviceKey: deviceKey)
    }

    func attach(_ photos: ChatPhotos, to chat: ChatController) {
        photos.attach(chat, mediaBox: account.postbox.mediaBox)
    }
}
