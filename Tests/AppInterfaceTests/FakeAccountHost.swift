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

    /// The sends are recorded here (`sent`), and logged as the app's actions log them.
    func chatActions(log: InterfaceLog, clipboard: @escaping (String) -> Void) -> any ChatMessageActions {
        let actions = FakeChatActions(store: store)
        actions.onSend = { [weak self] text, chat in
            self?.sent.append((chat, text))
            log.info("message sent from the interface", metadata: ["peer": "\(chat.packed)"])
        }
        return actions
    }

    func markRead(_ chat: ChatId, upTo index: ChatMessage.Index) throws -> Bool {
        if let markReadFailure { throw markReadFailure }
        reads.append((chat, index))
        // As a store reads: the chat's row has nothing unread any more.
        guard let row = store.chats.firstIndex(where: { $0.peerId == chat }), store.chats[row].unreadCount > 0 else { return false }
        store.chats[row].unreadCount = 0
        return true
    }

    func attach(_ avatars: ChatListAvatars, to list: ChatListController) {}
    func attach(_ photos: ChatPhotos, to chat: ChatController) {}
}

extension FakeStore: AccountDataSources {
    public func title(of chat: ChatId) throws -> String? {
        chats.first { $0.peerId == chat }?.title
    }
}
