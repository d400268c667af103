@testable import Ingest
import Foundation
import Testing
import Container
import Cryptography
@testable import Storage
import TestSupport

/// `main seed --big-chat N`: the first chat holds exactly N of the messages (its newest answering the one halfway back) and is the top of the
/// chat list (the benchmark opens it with Enter on the first row); without it the fixture is the
/// one it always was.
@Suite("Fixture: one big chat")
struct FixtureBigChatTests {
    private func seeded(_ dir: TemporaryDirectory, peers: Int, messages: Int, bigChat: Int)
        throws -> (Postbox, FixtureGenerator.Summary) {
        let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 7,
                                  deviceKey: DeviceKey(bytes: (0..<48).map { UInt8($0) }), readOnly: false)
        let me = PeerId(namespace: .cloudUser, id: 1)
        try postbox.transaction { try $0.updatePeer(Peer(id: me, firstName: "Me")) }
        var generator = FixtureGenerator(peerCount: peers, messageCount: messages, seed: 4, bigChatMessages: bigChat)
        generator.chunkSize = 700  // several chunks, as a real seed has
        return (postbox, try generator.run(postbox: postbox, accountPeerId: me))
    }

    private func count(_ postbox: Postbox, _ peerId: PeerId) throws -> Int {
        var total = 0
        var before: MessageIndex? = nil
        while true {
            let page = try postbox.read { try $0.messages(peerId, before: before, limit: 500) }
            total += page.count
            guard page.count == 500, let last = page.last else { return total }
            before = last.index
        }
    }

    @Test func theFirstChatHoldsExactlyTheBigShareAndTopsTheList() throws {
        try withTemporaryDirectory("bigchat") { dir in
            let (postbox, summary) = try seeded(dir, peers: 40, messages: 3_000, bigChat: 2_000)
            #expect(summary.messages == 3_000)
            let top = try postbox.read { try $0.topChatListEntries(count: 50) }
            let first = try #require(top.first)
            #expect(first.pinningIndex == 0)
            #expect(first.peerId.namespace == .cloudUser)
            #expect(try count(postbox, first.peerId) == 2_000)
            // Its newest message answers the one halfway back (the interface bench's reply jump).
            let newest = try #require(try postbox.read { try $0.messages(first.peerId, before: nil, limit: 1) }.first)
            #expect(newest.id.id == 2_000 && newest.extras.replyTo?.id == 1_000, "\(newest.extras)")
            // The rest is spread over the other chats, none of them as big.
            let others = try top.dropFirst().map { try count(postbox, $0.peerId) }
            #expect(others.reduce(0, +) == 1_000)
            #expect(others.allSatisfy { $0 < 2_000 })
        }
    }

    @Test func withoutABigChatTheSpreadIsTheUsualOne() throws {
        #expect(FixtureGenerator.spread(10, over: 3) == [4, 4, 2])
        #expect(FixtureGenerator.spread(200_000, over: 2_000).reduce(0, +) == 200_000)
        #expect(FixtureGenerator.spread(200_000, over: 2_000).max()! < 2_000)
        try withTemporaryDirectory("nobigchat") { dir in
            let (postbox, summary) = try seeded(dir, peers: 20, messages: 1_000, bigChat: 0)
            #expect(summary.messages == 1_000)
            let first = try #require(try postbox.read { try $0.topChatListEntries(count: 1) }.first)
            #expect(try count(postbox, first.peerId) == FixtureGenerator.spread(1_000, over: 20)[0])
        }
    }

    @Test func oneChatMayHoldEveryMessage() throws {
        try withTemporaryDirectory("onechat") { dir in
            let (postbox, summary) = try seeded(dir, peers: 1, messages: 500, bigChat: 500)
            #expect(summary.messages == 500)
            let first = try #require(try postbox.read { try $0.topChatListEntries(count: 1) }.first)
            #expect(try count(postbox, first.peerId) == 500)
        }
    }
}
