import Container
import Cryptography
import Testing
@testable import Storage
import TestSupport

/// A chat's whole history deleted here: every message of both namespaces (the unsent one off the
/// list), the unread count and the counters with them, the holes (nothing left to fetch); a chat
/// deleted leaves the list with its pin and draft, and a message that comes later brings it back.
@Suite("Postbox: a chat's history cleared, a chat deleted")
struct ClearHistoryTests {
    private let chat = PeerId(namespace: .cloudUser, id: 1_000_002)
    private let other = PeerId(namespace: .cloudUser, id: 1_000_003)

    private func message(_ peer: PeerId, _ id: Int32, namespace: Int32 = MessageId.cloudNamespace, incoming: Bool = true) -> Message {
        Message(index: MessageIndex(id: MessageId(peerId: peer, namespace: namespace, id: id), timestamp: 1_700_000_000 + id), authorId: peer,
                text: "m \(id)", isIncoming: incoming)
    }

    @Test func clearedThenDeletedThenBack() throws {
        try withTemporaryDirectory("clear-history") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0) }), readOnly: false)
            try postbox.transaction { t in
                try t.addMessages((1 ... 1200).map { message(chat, $0) } + [message(other, 1)])
                try t.addHistoryHole(chat, 1201 ... 1299)
                try t.addMessages([message(chat, 1300)])
                try t.setPinnedChats([chat])
                try t.setDraft(chat, ChatDraft(text: "half", timestamp: 1_700_000_000))
            }
            let (count, newest) = try postbox.transaction { t in try t.clearHistory(chat) }
            #expect(count == 1201 && newest == 1300)
            #expect(try postbox.read { t in
                (try t.historyMessages(chat, before: nil, limit: 10).count, try t.historyHoles(chat), try t.readState(chat)?.shownUnreadCount)
            } == (0, [], 0))
            #expect(try postbox.read { try $0.chatListKey(chat) } != nil, "cleared, the row stays")
            #expect(try postbox.read { try $0.historyMessages(other, before: nil, limit: 10).count } == 1, "another chat is untouched")

            try postbox.transaction { t in try t.removeFromChatList(chat) }
            #expect(try postbox.read { t in (try t.chatListKey(chat), try t.pinnedChats(), try t.draft(chat)) } == (nil, [], nil))
            try postbox.transaction { t in try t.addMessages([message(chat, 1301)]) }
            #expect(try postbox.read { try $0.chatListKey(chat)?.topMessage.id.id } == 1301, "a new message brings the chat back")
        }
    }
}
