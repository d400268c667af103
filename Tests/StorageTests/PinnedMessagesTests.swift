import Container
import Cryptography
import Testing
@testable import Storage
import TestSupport

/// A chat's pins, newest pin first: pinning moves a message to the top, a pin learnt from a fetched
/// message goes below those known, and the server's whole list keeps the known order, drops what it
/// no longer has and adds the rest highest id first.
@Suite("Postbox: pinned messages")
struct PinnedMessagesTests {
    @Test func pinLearnAndTakeTheServersList() {
        var pins = PinnedMessages()
        pins.set(5, pinned: true)
        pins.set(9, pinned: true)
        #expect(pins.ids == [9, 5] && pins.top == 9)
        pins.learn(2)
        pins.learn(9)
        #expect(pins.ids == [9, 5, 2], "learnt below, nothing twice")
        pins.takeServerList([5, 2, 40, 30])
        #expect(pins.ids == [5, 2, 40, 30], "9 unpinned elsewhere; 40 and 30 follow, highest first")
        pins.takeServerList([])
        #expect(pins.ids.isEmpty)
    }

    @Test func throughATransaction() throws {
        let chat = PeerId(namespace: .cloudUser, id: 1_000_002)
        try withTemporaryDirectory("pins") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1,
                                      deviceKey: DeviceKey(bytes: (0..<48).map { UInt8($0) }), readOnly: false)
            try postbox.transaction { t in
                try t.setMessagePinned(MessageId(peerId: chat, id: 7), pinned: true)
                try t.setServerPinnedMessages(chat, [7, 3])
                try t.learnPinnedMessage(MessageId(peerId: chat, id: 1))
            }
            #expect(try postbox.read { try $0.pinnedMessages(chat).ids } == [7, 3, 1])
            #expect(try postbox.read { try $0.pinnedMessageId(chat)?.id } == 7)
            try postbox.transaction { t in try t.setServerPinnedMessages(chat, []) }
            #expect(try postbox.read { try $0.pinnedMessageId(chat) } == nil)
        }
    }
}
