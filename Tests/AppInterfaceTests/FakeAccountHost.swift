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

    func send(_ text: String, replyTo: ChatMessage.Index?, to chat: ChatId) throws {
        sent.append((chat, text))
    }

    func edit(_ message: ChatMessage.Index, text: String, in chat: ChatId) throws {}
    func deleteChoices(for messages: [ChatMessage.Index], in chat: ChatId) throws -> [DeleteChoice] { [] }
    func delete(_ messages: [ChatMessage.Index], forEveryone: Bool, in chat: ChatId) throws {}
    func forwardTargets() throws -> [ForwardTarget] { [] }
    func forward(_ messages: [ChatMessage.Index], from chat: ChatId, to target: ChatId) throws {}
    var reactions: [String] { [] }
    func toggleReaction(_ emoji: String, on message: ChatMessage.Index, in chat: ChatId) throws {}
    func setPinned(_ message: ChatMessage.Index?, in chat: ChatId) throws {}
    func saveDraft(_ draft: ComposerDraft?, in chat: ChatId) throws {}

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
