import Foundation
import Testing
import Container
import Cryptography
@testable import Storage

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

    /// Each message's hashes are its own array, sized for it: not a share of the preparer's
    /// scratch, which the next message's removeAll(keepingCapacity:) would then copy at the
    /// scratch's size (every message of a 1,000,000-message seed held one: 199 MiB peak).
    @Test("A message's hashes are an array of their own size, whatever the message before had")
    func hashesSizedToTheirMessage() throws {
        try withTemporaryDirectory("preparation-sized") { dir in
            let postbox = try Self.postbox(dir)
            let peer = PeerId(namespace: .cloudUser, id: 10)
            func message(_ id: Int32, _ text: String) -> Message {
                Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: 1_700_000_000 + id),
                        authorId: peer, text: text, isIncoming: true)
            }
            // 300 words that differ in their first letters, so their prefixes hash apart.
            let letter = { (n: Int) in String(UnicodeScalar(UInt8(97 + n % 26))) }
            let long = message(1, (0 ..< 300).map { letter($0) + letter($0 / 26) + letter($0 / 676) + "ordinal" }.joined(separator: " "))
            let short = message(2, "hello there")
            let first = postbox.messagePreparer.prepare(long)
            let second = postbox.messagePreparer.prepare(short)
            #expect(first.hashes.count > 300)
            #expect(!second.hashes.isEmpty && second.hashes.capacity < 16,
                    "\(second.hashes.count) hashes in an array of capacity \(second.hashes.capacity)")
            #expect(second.hashes == postbox.searchHasher.hashes(of: short.text))
        }
    }

    @Test("On the thread and in line, each message comes out in order with its key, its hashes and a value that opens to it")
    func sameEitherWay() throws {
        try withTemporaryDirectory("preparation-same") { dir in
            let postbox = try Self.postbox(dir)
            for count in [1, MessageWritePreparation.threadedFrom - 1, MessageWritePreparation.threadedFrom, 3_001] {
                let batch = Self.messages(count)
                let preparation = MessageWritePreparation(batch, preparer: postbox.messagePreparer)
                for message in batch {
                    let prepared = preparation.next()
                    #expect(prepared.key == PostboxKeys.message(message.index))
                    #expect(prepared.hashes == (SearchIndexWriter.isIndexed(message) ? postbox.searchHasher.hashes(of: message.text) : []))
                    #expect(!prepared.sealed.containsSubsequence(Array("kumquats".utf8)))
                }
                preparation.finish()
            }
            // What a batch large enough for the thread stored reads back exactly.
            let batch = Self.messages(2_000)
            try postbox.transaction { try $0.addMessages(batch) }
            for message in batch.shuffled().prefix(200) {
                #expect(try postbox.read { try $0.message(message.index) } == message)
            }
        }
    }

    @Test("A writer that gives up part-way stops the thread; the transaction rolls back and the next batch is written")
    func givingUp() throws {
        try withTemporaryDirectory("preparation-give-up") { dir in
            let postbox = try Self.postbox(dir)
            for taken in [0, 1, 100, 9_999] {
                let batch = Self.messages(10_000)
                let preparation = MessageWritePreparation(batch, preparer: postbox.messagePreparer)
                for _ in 0 ..< taken { _ = preparation.next() }
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
