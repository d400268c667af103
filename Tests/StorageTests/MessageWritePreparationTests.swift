import Foundation
import Testing
import Container
import Cryptography
@testable import Storage
import TestSupport

/// addMessages prepares a large batch (keys, sealed values, search hashes) on a second thread
/// while it writes: the same messages must come out, in order, whether prepared there or in line,
/// and a writer that gives up part-way must leave neither the thread nor its work behind.
@Suite("Postbox: messages prepared beside the writes")
struct MessageWritePreparationTests {
    static let deviceKey = DeviceKey(bytes: (0 ..< 48).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) })

    static func messages(_ count: Int, chats: Int = 7) -> [Message] {
        (0 ..< count).map { n in
            let peer = PeerId(namespace: .cloudUser, id: Int64(10 + n % chats))
            return Message(index: MessageIndex(id: MessageId(peerId: peer, namespace: n % 50 == 0 ? 1 : 0, id: Int32(n + 1)),
                                               timestamp: 1_700_000_000 + Int32(n)),
                           authorId: peer, text: "message \(n) about kumquats and thermostats", isIncoming: n % 3 != 0)
        }
    }

    static func postbox(_ dir: TemporaryDirectory) throws -> Postbox {
        try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 4, deviceKey: deviceKey, readOnly: false)
    }

    /// addMessages visits a batch through `chatOrder`: every message once, chat by chat, chats in
    /// the search index's (unsigned) order, a chat's messages as given even when its runs are apart.
    @Test("A batch is visited chat by chat, chats in unsigned id order, each chat's messages in the order given")
    func chatOrder() {
        // A negative packed id (a high id with bit 63 set) sorts after every positive one unsigned.
        let peers = [PeerId(namespace: .cloudUser, id: 7), PeerId(namespace: .cloudGroup, id: 3),
                     PeerId(namespace: .cloudChannel, id: -5), PeerId(namespace: .cloudUser, id: 2)]
        var rng = SystemRandomNumberGenerator()
        for shape in 0 ..< 50 {
            // Runs of random length from random chats: the same chat may come back later.
            var batch: [Message] = []
            while batch.count < 40 + shape {
                let peer = peers[Int.random(in: 0 ..< peers.count, using: &rng)]
                for _ in 0 ..< Int.random(in: 1 ... 6, using: &rng) {
                    batch.append(Message(index: MessageIndex(id: MessageId(peerId: peer, id: Int32(batch.count + 1)), timestamp: 1),
                                         authorId: peer, text: "", isIncoming: true))
                }
            }
            let order = PostboxTransaction.chatOrder(batch)
            let expected = batch.indices.sorted {
                let (a, b) = (UInt64(bitPattern: batch[$0].index.id.peerId.toInt64()), UInt64(bitPattern: batch[$1].index.id.peerId.toInt64()))
                return a != b ? a < b : $0 < $1
            }
            #expect(order == expected)
        }
        #expect(PostboxTransaction.chatOrder([]).isEmpty)
    }

    @Test("On the thread and in line, each message comes out in order with its key and a value that opens to it, and the batch's postings are the same")
    func sameEitherWay() throws {
        try withTemporaryDirectory("preparation-same") { dir in
            let postbox = try Self.postbox(dir)
            for count in [1, MessageWritePreparation.threadedFrom - 1, MessageWritePreparation.threadedFrom, 3_001] {
                let batch = Self.messages(count)
                // Taken in an order of the writer's (addMessages goes chat by chat): here, backwards.
                let order = Array(batch.indices.reversed())
                let preparation = MessageWritePreparation(batch, order: order, indexState: .complete, preparer: postbox.messagePreparer)
                var expected = PostingAdditions()
                for message in order.map({ batch[$0] }) {
                    let prepared = preparation.next(1)[0]
                    #expect(prepared.key == PostboxKeys.message(message.index))
                    #expect(!prepared.sealed.containsSubsequence(Array("kumquats".utf8)))
                    if SearchIndexWriter.isIndexed(message) { expected.add(message.index, hashes: postbox.searchHasher.hashes(of: message.text)) }
                }
                preparation.finish()
                // The postings, gathered beside the writes, are what adding each message in turn gives.
                #expect(expected.isEmpty == !batch.contains(where: SearchIndexWriter.isIndexed))
                #expect(preparation.additions.rows == expected.rows && preparation.additions.lists == expected.lists)
            }
            // What a batch large enough for the thread stored reads back exactly.
            let batch = Self.messages(2_000)
            try postbox.transaction { try $0.addMessages(batch) }
            for message in batch.shuffled().prefix(200) {
                #expect(try postbox.read { try $0.message(message.index) } == message)
            }
        }
    }

    /// Messages go in many to a statement; a batch that holds stored messages and the same
    /// message twice must count each new message once (messages, unread) and keep the last
    /// version of each, on the thread and in line.
    @Test("Stored messages and repeats in a batch: each new message counted once, the last version kept")
    func storedAndRepeated() throws {
        try withTemporaryDirectory("preparation-repeats") { dir in
            let postbox = try Self.postbox(dir)
            let base = Self.messages(2_000)
            func edited(_ m: Message, _ tag: String) -> Message {
                Message(index: m.index, authorId: m.authorId, text: m.text + " " + tag, isIncoming: m.isIncoming)
            }
            var latest: [MessageIndex: Message] = [:]
            var unread: [PeerId: Int32] = [:]
            func wrote(_ batch: [Message]) {
                for m in batch {
                    if latest[m.index] == nil && m.isIncoming { unread[m.index.id.peerId, default: 0] += 1 }
                    latest[m.index] = m
                }
            }
            let first = Array(base[0 ..< 500])
            // On the thread: 100 stored ones edited, 250 new, 50 of the new twice (the second wins).
            let second = base[0 ..< 100].map { edited($0, "second") } + Array(base[500 ..< 750])
                + base[600 ..< 650].map { edited($0, "again") }
            // In line: two stored, one new twice, two new.
            let third = [edited(base[3], "third"), edited(base[700], "third"), base[800], edited(base[800], "twice"), base[801], base[802]]
            for batch in [first, second, third] {
                try postbox.transaction { try $0.addMessages(batch) }
                wrote(batch)
            }
            try postbox.read { (t: PostboxTransaction) throws in
                #expect(try t.counters().messageCount == Int64(latest.count))
                for (index, message) in latest { #expect(try t.message(index) == message) }
                for (peer, count) in unread { #expect(try t.readState(peer)?.unreadCount == count, "\(peer)") }
            }
        }
    }

    @Test("A writer that gives up part-way stops the thread; the transaction rolls back and the next batch is written")
    func givingUp() throws {
        try withTemporaryDirectory("preparation-give-up") { dir in
            let postbox = try Self.postbox(dir)
            for taken in [0, 1, 100, 9_999] {
                let batch = Self.messages(10_000)
                let preparation = MessageWritePreparation(batch, order: Array(batch.indices), indexState: .complete, preparer: postbox.messagePreparer)
                for _ in 0 ..< taken { _ = preparation.next(1) }
                preparation.finish()
                preparation.finish()
            }
            struct Abort: Error {}
            #expect(throws: Abort.self) {
                try postbox.transaction { t in
                    try t.addMessages(Self.messages(5_000))
                    throw Abort()
                }
            }
            #expect(try postbox.read { try $0.counters().messageCount } == 0)
            let batch = Self.messages(5_000)
            try postbox.transaction { try $0.addMessages(batch) }
            #expect(try postbox.read { try $0.counters().messageCount } == 5_000)
            #expect(try postbox.read { try $0.message(batch[4_321].index) } == batch[4_321])
        }
    }
}
