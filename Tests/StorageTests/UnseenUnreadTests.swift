import Container
import Cryptography
import Foundation
import Formats
@testable import Storage
import Testing
import TestSupport

/// A chat with more unread messages than were fetched: what the server counts beyond the stored
/// ones is kept as unseen in the hole above the read mark, shown with them and in the totals;
/// a hole fill moves messages from unseen to stored, a new message adds to the stored, a read
/// past every hole leaves none, and a chat with no hole above its mark has none.
@Suite("Postbox: unread messages the server counted in a hole")
struct UnseenUnreadTests {
    let chat = PeerId(namespace: .cloudGroup, id: 9)

    func messages(_ ids: ClosedRange<Int32>) -> [Message] {
        ids.map { Message(index: MessageIndex(id: MessageId(peerId: chat, id: $0), timestamp: 1_700_000_000 + $0), authorId: nil,
                          text: "m\($0)", isIncoming: true) }
    }

    @Test func countedStoredFilledAndReadPast() throws {
        try withTemporaryDirectory("unseen-unread") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0) }), readOnly: false)
            try postbox.transaction { t in
                try t.updatePeer(Peer(id: chat, title: "Busy group"))
                try t.prepareReadState(chat, maxIncomingReadId: 5000)
                // The newest 300 of 1,000 unread were fetched; below them, a hole.
                try t.addMessages(messages(9701 ... 10000))
                try t.addHistoryHole(chat, 1 ... 9700)
                try t.setServerUnreadCount(chat, 1000)
                let state = try #require(try t.readState(chat))
                #expect(state.unreadCount == 300 && state.unseenInHoles == 700 && state.shownUnreadCount == 1000)
                #expect(try t.counters().totalUnreadMessages == 1000 && t.counters().totalUnreadChats == 1)
            }
            // Scrolled up: a page of the hole comes; the count a person sees stays.
            try postbox.transaction { t in
                try t.addMessages(messages(9601 ... 9700))
                try t.fillHistoryHole(chat, 9601 ... 9700)
                let state = try #require(try t.readState(chat))
                #expect(state.unreadCount == 400 && state.unseenInHoles == 600 && state.shownUnreadCount == 1000)
                #expect(try t.counters().totalUnreadMessages == 1000)
            }
            // A new message: one more.
            try postbox.transaction { t in
                try t.addMessages(messages(10001 ... 10001))
                #expect(try t.readState(chat)?.shownUnreadCount == 1001)
                #expect(try t.counters().totalUnreadMessages == 1001)
            }
            // Read to the newest: everything up to it is read, the hole's too.
            try postbox.transaction { t in
                try t.markIncomingRead(chat, upTo: 10001)
                let state = try #require(try t.readState(chat))
                #expect(state.unreadCount == 0 && state.unseenInHoles == 0)
                #expect(try t.counters().totalUnreadMessages == 0 && t.counters().totalUnreadChats == 0)
            }
            // No hole above the mark: the server's count has nothing to add.
            try postbox.transaction { t in
                try t.addMessages(messages(10002 ... 10003))
                try t.setServerUnreadCount(chat, 50)
                #expect(try t.readState(chat)?.shownUnreadCount == 2)
            }
        }
    }

    @Test func aReadStateWithoutUnseenIsWrittenAsBefore() throws {
        var state = ReadState(maxIncomingReadId: 4, maxOutgoingReadId: 2, unreadCount: 3, deletions: 1)
        #expect(state.encoded().count == 16)
        state.unseenInHoles = 700
        #expect(state.encoded().count == 20)
        #expect(try ReadState(decoding: state.encoded()) == state)
    }
}
