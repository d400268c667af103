import Container
import Cryptography
@testable import Ingest
@testable import Storage
import Testing
import TestSupport

/// An import's transaction counts what it adds, changes and finds unchanged, and looks a message
/// up only when its id is not above the chat's highest (Postbox's maxMessageId).
@Suite("ImportBatchWriter: what a batch adds, changes and finds as it was")
struct ImportBatchWriterTests {
    /// A supergroup with the group's history exported inside it (ids shifted by −1,000,000,000):
    /// imported twice, every message is found as it was the second time; the newest negative id
    /// is not taken for the chat's highest.
    @Test func aGroupsHistoryInsideItsSupergroupImportedTwice() throws {
        try withTemporaryDirectory("import-negative-ids") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 4,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0 &* 5) }), readOnly: false)
            let peer = PeerId(namespace: .cloudChannel, id: 9)
            let messages = (1 ... 100).map { n -> Message in
                let id = n <= 60 ? -1_000_000_000 + Int32(n) * 7 : Int32(n - 60)
                return Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: 1_600_000_000 + Int32(n)),
                               authorId: peer, text: "m\(n)", isIncoming: n % 2 == 0)
            }
            let first = try postbox.transaction { t in
                try ImportBatchWriter.write(t, peers: [Peer(id: peer, firstName: "Group")], messages: messages)
            }
            #expect(first.added == 100 && first.updated == 0 && first.unchanged == 0)
            var edited = messages
            edited[10].text = "edited"
            edited[80].text = "edited too"
            let again = try postbox.transaction { t in try ImportBatchWriter.write(t, peers: [], messages: edited) }
            #expect(again.added == 0 && again.updated == 2 && again.unchanged == 98)
            try postbox.read { (t: PostboxTransaction) throws in
                #expect(try t.counters().messageCount == 100)
                #expect(try t.readState(peer)?.unreadCount == 0, "an import's chats are read")
                #expect(try t.message(edited[10].id)?.text == "edited")
                #expect(try t.maxMessageId(peer) == 40)
            }
        }
    }
}
