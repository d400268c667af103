@testable import Messaging
import Container
import Cryptography
import Storage
import Testing
import TestSupport

/// The account's own message takes the chat's next id, above every id it has.
@Suite("OutgoingMessages: the next id in a chat")
struct OutgoingMessagesTests {
    /// A supergroup whose newest message is one of its group's history (ids shifted by
    /// −1,000,000,000): the next id is its own next, not the group's; and above an older, higher id.
    @Test func nextIdAboveEveryIdTheChatHas() throws {
        try withTemporaryDirectory("outgoing-next-id") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 3,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0 &* 3) }), readOnly: false)
            let peer = PeerId(namespace: .cloudChannel, id: 12)
            func message(_ id: Int32, _ timestamp: Int32) -> Message {
                Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: timestamp), authorId: peer, text: "m\(id)", isIncoming: true)
            }
            try postbox.transaction { t in
                try t.updatePeer(Peer(id: peer, firstName: "Group"))
                try t.addMessages([message(-999_681_092, 1_000), message(-999_681_091, 1_001)])
            }
            let first = try postbox.transaction { t in try OutgoingMessages.store(text: "hello", to: peer, now: 2_000, in: t) }
            #expect(first.id == 1)
            // A higher id dated before the newest message.
            try postbox.transaction { t in try t.addMessages([message(50, 1_500)]) }
            let second = try postbox.transaction { t in try OutgoingMessages.store(text: "again", to: peer, now: 2_100, in: t) }
            #expect(second.id == 51)
            #expect(try postbox.read { try $0.latestMessages(peer, limit: 1).first?.id } == second)
        }
    }
}
