@testable import AppInterface
import AppCore
import Storage
import TelegramUI
import TelegramUIFakes

/// One account as its screens see it: a fake store to read, and the writes kept (or refused).
@MainActor
final class FakeAccountHost: AccountHost {
    let accountId: Int64
    let store: FakeStore
    private(set) var sent: [(chat: ChatId, text: String)] = []
    private(set) var reads: [(chat: ChatId, index: ChatMessage.Index)] = []
    /// Set to make every mark-read fail, as a store that cannot be written does.
    var markReadFailure: (any Error)?

    init(id: Int64, store: FakeStore) {
        accountId = id
        self.store = store
    }

    var sources: any AccountDataSources { store }

    func send(_ text: String, to chat: ChatId) throws {
        sent.append((chat, text))
    }

    func markRead(_ chat: ChatId, upTo index: ChatMessage.Index) throws {
        if let markReadFailure { throw markReadFailure }
        reads.append((chat, index))
    }

    func attach(_ avatars: ChatListAvatars, to list: ChatListController) {}
    func attach(_ photos: ChatPhotos, to chat: ChatController) {}
}

extension FakeStore: AccountDataSources {
    public func title(of chat: ChatId) throws -> String? {
        chats.first { $0.peerId == chat }?.title
    }
}

/// The message actions on a fake store that has no messages to change: the send goes to `sent`,
/// the other writes change nothing, and the reads answer "nothing" (MessageActionsTests tests
/// the real ones against a Postbox).
extension FakeAccountHost {
    func send(_ text: String, entities: [MessageTextEntity], replyTo: Int32?, to chat: ChatId) throws -> [Int32] {
        try send(text, to: chat)
        return []
    }
    func edit(_ id: Int32, in chat: ChatId, text: String, entities: [MessageTextEntity]) throws {}
    func delete(_ ids: [Int32], in chat: ChatId, scope: DeleteScope) throws {}
    func forward(_ ids: [Int32], from chat: ChatId, to target: ChatId) throws -> [Int32] { [] }
    func toggleReaction(_ emoji: String, on id: Int32, in chat: ChatId) throws {}
    func setPinned(_ id: Int32, in chat: ChatId, pinned: Bool) throws {}
    func saveDraft(_ draft: ChatDraft, in chat: ChatId) throws {}
    func draft(of chat: ChatId) throws -> ChatDraft? { nil }
    func pinnedMessageId(of chat: ChatId) throws -> Int32? { nil }
    func deleteOptions(_ ids: [Int32], in chat: ChatId) throws -> DeleteOptions { DeleteOptions(forMe: false, forEveryone: false) }
    func isOwn(_ id: Int32, in chat: ChatId) throws -> Bool { false }
    func canEdit(_ id: Int32, in chat: ChatId) throws -> Bool { false }
    var reactions: [String] { DefaultReactions.all }
}
