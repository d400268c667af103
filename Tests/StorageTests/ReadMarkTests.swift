import Container
import Cryptography
import Foundation
@testable import Storage
import Testing
import TestSupport

/// Moving a chat's read mark counts the incoming messages left above it — and only those: the
/// walk stops at the mark, so marking read costs the unread messages, not the chat's history.
@Suite("Postbox read marks")
struct ReadMarkTests {
    @Test("read, unread again and read: counts and totals follow; the walk stops at the mark")
    func readMarkCounts() throws {
        try withTemporaryDirectory("readmark") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0) }), readOnly: false)
            let peer = PeerId(namespace: .cloudUser, id: 5)
            try postbox.transaction { t in
                try t.updatePeer(Peer(id: peer, firstName: "Ada"))
                // 1…1000, every third one outgoing.
                try t.addMessages((1 ... 1000).map { id in
                    Message(index: MessageIndex(id: MessageId(peerId: peer, id: Int32(id)), timestamp: 1_700_000_000 + Int32(id)),
                            authorId: peer, text: "m\(id)", isIncoming: id % 3 != 0)
                })
            }
            func incoming(_ range: ClosedRange<Int>) -> Int32 { Int32(range.filter { $0 % 3 != 0 }.count) }
            try postbox.transaction { t in
                let total = try #require(try t.readState(peer)).unreadCount
                #expect(total == incoming(1 ... 1000))
                #expect(try t.markIncomingRead(peer, upTo: 900) == total - incoming(901 ... 1000))
                #expect(try t.readState(peer)?.unreadCount == incoming(901 ... 1000))
                #expect(try t.markIncomingUnread(peer, from: 500) == -incoming(500 ... 900))
                #expect(try t.readState(peer)?.unreadCount == incoming(500 ... 1000))
                #expect(try t.markIncomingRead(peer, upTo: 1000) == incoming(500 ... 1000))
                #expect(try t.readState(peer)?.unreadCount == 0)
                #expect(try t.counters().totalUnreadMessages == 0)
                #expect(try t.counters().totalUnreadChats == 0)
            }
        }
    }
}
