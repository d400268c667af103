import Foundation
import Testing
import Container
import Cryptography
@testable import Storage
import TestSupport

/// A chat's history in pages, newest first, as the chat screen scrolls up through it.
@Suite("Postbox: message history in pages")
struct MessagePagingTests {
    @Test func pagesCoverTheHistoryOnceInOrder() throws {
        try withTemporaryDirectory("paging") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let postbox = try Postbox(layout: layout, accountId: 9, deviceKey: DeviceKey(bytes: (0..<48).map { UInt8($0) }),
                                      readOnly: false)
            let chat = PeerId(namespace: .cloudUser, id: 5)
            let other = PeerId(namespace: .cloudUser, id: 6)
            try postbox.transaction { t in
                try t.updatePeer(Peer(id: chat, firstName: "Ada"))
                try t.updatePeer(Peer(id: other, firstName: "Alan"))
                // Same timestamps for some, so the order is the index's (timestamp, then id).
                try t.addMessages((1 ... 95).map { id in
                    Message(index: MessageIndex(id: MessageId(peerId: chat, id: Int32(id)), timestamp: 1000 + Int32(id / 3)),
                            authorId: chat, text: "m\(id)", isIncoming: true, contentKind: .text, mediaResourceIds: [])
                } + [Message(index: MessageIndex(id: MessageId(peerId: other, id: 1), timestamp: 5000), authorId: other,
                             text: "elsewhere", isIncoming: true, contentKind: .text, mediaResourceIds: [])])
            }
            var seen: [String] = []
            var before: MessageIndex? = nil
            while true {
                let page = try postbox.read { try $0.messages(chat, before: before, limit: 20) }
                if page.isEmpty { break }
                #expect(page.count == 20 || page.count == 15)
                seen += page.map(\.text)
                before = page.last?.index
            }
            #expect(seen == (1 ... 95).reversed().map { "m\($0)" })
            #expect(try postbox.read { try $0.messages(chat, before: nil, limit: 3) }.map(\.text) == ["m95", "m94", "m93"])
            #expect(try postbox.read { try $0.latestMessages(chat, limit: 3) }.map(\.text) == ["m95", "m94", "m93"])
        }
    }
}
