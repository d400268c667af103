@testable import Ingest
import Foundation
import Testing
import Container
import Cryptography
@testable import Storage
import TestSupport

/// `main seed --unread-chat N`: the chat after the big one holds 2N messages, its newest N
/// incoming and unread (the benchmark opens it at its "N unread messages" divider); without it
/// the fixture is the one it always was.
@Suite("Fixture: a chat ending with N unread")
struct FixtureUnreadChatTests {
    private func seeded(_ dir: TemporaryDirectory, bigChat: Int, unread: Int) throws -> (Postbox, FixtureGenerator.Summary) {
        let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 7,
                                  deviceKey: DeviceKey(bytes: (0..<48).map { UInt8($0) }), readOnly: false)
        let me = PeerId(namespace: .cloudUser, id: 1)
        try postbox.transaction { try $0.updatePeer(Peer(id: me, firstName: "Me")) }
        var generator = FixtureGenerator(peerCount: 30, messageCount: 4_000, seed: 4, bigChatMessages: bigChat,
                                         unreadChatMessages: unread)
        generator.chunkSize = 700
        return (postbox, try generator.run(postbox: postbox, accountPeerId: me))
    }

    @Test(arguments: [(2_000, 600), (0, 600)])
    func theChatAfterTheBigOneEndsWithItsUnreadIncomingMessages(bigChat: Int, unread: Int) throws {
        try withTemporaryDirectory("unreadchat") { dir in
            let (postbox, summary) = try seeded(dir, bigChat: bigChat, unread: unread)
            #expect(summary.messages == 4_000)
            let top = try postbox.read { try $0.topChatListEntries(count: 2) }
            let entry = try #require(bigChat > 0 ? top.last : top.first)
            #expect(summary.unreadChatPeerId == entry.peerId.toInt64() && summary.unreadChatUnread == unread)
            #expect(entry.pinningIndex == (bigChat > 0 ? 1 : 0))
            #expect(entry.readState?.unreadCount == Int32(unread))
            #expect(entry.readState?.maxIncomingReadId == Int32(unread))
            let messages = try postbox.read { try $0.messages(entry.peerId, before: nil, limit: 2 * unread + 1) }
            #expect(messages.count == 2 * unread)
            #expect(messages.prefix(unread).allSatisfy { $0.isIncoming })
        }
    }

    @Test func withoutItNoChatIsNamed() throws {
        try withTemporaryDirectory("nounreadchat") { dir in
            let (_, summary) = try seeded(dir, bigChat: 2_000, unread: 0)
            #expect(summary.unreadChatPeerId == nil && summary.unreadChatUnread == 0)
            #expect(FixtureGenerator(peerCount: 30, messageCount: 4_000, seed: 4, bigChatMessages: 2_000).messagesPerPeer(30)
                == [2_000] + FixtureGenerator.spread(2_000, over: 29))
        }
    }
}
