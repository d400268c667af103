import Container
import Cryptography
import Foundation
@testable import KeyValueStore
@testable import Storage
import TestSupport
import Testing

/// The message id index keeps a row per 64 ids of a chat (MessageIdIndex): whatever the order,
/// density, duplicates and deletions of the writes, a message must be found by its id exactly
/// when it is stored, and a store of the old layout (a row per message) is upgraded by main.
@Suite("Postbox: the message id index")
struct MessageIdIndexTests {
    private let deviceKey = DeviceKey(bytes: (0..<48).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) })

    private func message(_ peer: PeerId, _ id: Int32, _ timestamp: Int32) -> Message {
        Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: timestamp),
                authorId: peer, text: "m\(id) at \(timestamp)", isIncoming: false, contentKind: .text, mediaResourceIds: [])
    }

    /// Random batches (small ones written in line, large ones prepared on a thread), dense and
    /// sparse ids, out of order, repeated within a batch and across batches, and deletions;
    /// after each step every id of a model is checked, and ids the model does not have.
    @Test(arguments: [UInt64(1), 2, 3])
    func findsExactlyTheStoredMessagesById(seed: UInt64) throws {
        try withTemporaryDirectory("id-index") { dir in
            var rng = SeededGenerator(seed: seed)
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 3, deviceKey: deviceKey, readOnly: false)
            let chats = [PeerId(namespace: .cloudUser, id: 11), PeerId(namespace: .cloudGroup, id: 12), PeerId(namespace: .cloudChannel, id: 13)]
            // The timestamp the index must give for each stored id (the last write's).
            var model: [PeerId: [Int32: Int32]] = [:]
            for step in 0..<12 {
                if step % 4 == 3 {
                    // Delete a random third of what is stored, and some ids never stored.
                    var ids: [MessageId] = []
                    for (peer, stored) in model {
                        for id in stored.keys where rng.next() % 3 == 0 { ids.append(MessageId(peerId: peer, id: id)) }
                        ids.append(MessageId(peerId: peer, id: 5_000 + Int32(rng.next() % 100)))
                    }
                    let deleted = try postbox.transaction { try $0.deleteMessages(ids) }
                    #expect(Set(deleted) == Set(ids.filter { model[$0.peerId]?[$0.id] != nil }))
                    for id in deleted { model[id.peerId]?[id.id] = nil }
                } else {
                    let count = [1, 7, 300, 700][Int(rng.next() % 4)]
                    var batch: [Message] = []
                    for _ in 0..<count {
                        let peer = chats[Int(rng.next() % 3)]
                        // Dense runs near the chat's top, sparse ids far apart, and old ids again.
                        let id: Int32 = switch rng.next() % 3 {
                        case 0: Int32(1 + rng.next() % 200)
                        case 1: Int32(1 + rng.next() % 4_000)
                        default: Int32(1 + rng.next() % 64) * 61
                        }
                        // An id stored before keeps its timestamp (an edit), mostly; sometimes it moves.
                        let timestamp = model[peer]?[id].flatMap { rng.next() % 4 == 0 ? nil : $0 } ?? Int32(1_000_000 + rng.next() % 100_000)
                        batch.append(message(peer, id, timestamp))
                    }
                    try postbox.transaction { try $0.addMessages(batch) }
                    for m in batch { model[m.index.id.peerId, default: [:]][m.index.id.id] = m.index.timestamp }
                }
                try postbox.read { t in
                    for peer in chats {
                        let stored = model[peer] ?? [:]
                        for (id, timestamp) in stored {
                            let found = try t.message(MessageId(peerId: peer, id: id))
                            #expect(found?.index.timestamp == timestamp, "seed \(seed) step \(step): \(peer) id \(id)")
                            #expect(found?.text == "m\(id) at \(timestamp)")
                        }
                        for id: Int32 in [0, 4_001, 5_050, 63, 64, 65, 127, 128] where stored[id] == nil {
                            #expect(try t.message(MessageId(peerId: peer, id: id)) == nil, "seed \(seed) step \(step): \(peer) id \(id)")
                        }
                        #expect(try t.maxMessageId(peer) == stored.keys.max() ?? 0, "seed \(seed) step \(step): \(peer)")
                    }
                }
            }
            #expect(try postbox.valueBox.integrityCheck() == "ok")
        }
    }

    @Test func idsOnEveryEdgeOfARowAreKeptApart() throws {
        try withTemporaryDirectory("id-index-edges") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 4, deviceKey: deviceKey, readOnly: false)
            let peer = PeerId(namespace: .cloudUser, id: 21)
            let ids: [Int32] = [-65, -64, -63, -1, 1, 62, 63, 64, 65, 127, 128, Int32.max - 1, Int32.max]
            try postbox.transaction { t in try t.addMessages(ids.enumerated().map { message(peer, $1, Int32(100 + $0)) }) }
            try postbox.read { (t: PostboxTransaction) throws in
                for (n, id) in ids.enumerated() {
                    #expect(try t.message(MessageId(peerId: peer, id: id))?.index.timestamp == Int32(100 + n), "id \(id)")
                }
                for id: Int32 in [0, -2, 2, 66, Int32.max - 2, Int32.min] {
                    #expect(try t.message(MessageId(peerId: peer, id: id)) == nil, "id \(id)")
                }
            }
            // The last id of a row gone: its neighbours stay; a row emptied goes.
            try postbox.transaction { t in _ = try t.deleteMessages([63, 62, 1].map { MessageId(peerId: peer, id: $0) }) }
            try postbox.read { (t: PostboxTransaction) throws in
                #expect(try t.message(MessageId(peerId: peer, id: 64))?.index.timestamp == 107)
                #expect(try t.message(MessageId(peerId: peer, id: 63)) == nil)
            }
            #expect(try postbox.valueBox.read { try postbox.valueBox.get(PostboxTable.messageIdIndex, MessageIdIndex.key(peer, namespace: 0, block: 0)) } == nil)
        }
    }

    @Test func aRowOfAnotherLengthIsReportedCorrupt() throws {
        try withTemporaryDirectory("id-index-corrupt") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 5, deviceKey: deviceKey, readOnly: false)
            let peer = PeerId(namespace: .cloudUser, id: 22)
            try postbox.transaction { t in try t.addMessages([message(peer, 3, 100), message(peer, 5, 101)]) }
            let key = MessageIdIndex.key(peer, namespace: 0, block: 0)
            let stored = try #require(try postbox.valueBox.read { try postbox.valueBox.get(PostboxTable.messageIdIndex, key) })
            #expect(stored.count == 8 + 2 * 4)
            for bad in [Array(stored.dropLast()), Array(stored.prefix(7)), stored + [0, 0, 0, 0]] {
                try postbox.valueBox.write { try postbox.valueBox.set(PostboxTable.messageIdIndex, key, bad) }
                #expect(throws: StorageError.self) { try postbox.read { try $0.message(MessageId(peerId: peer, id: 3)) } }
            }
        }
    }

    /// A store of schema 1 (a row per message, keyed peer ‖ namespace ‖ id ‖ timestamp) is
    /// refused by a reader and upgraded by the writer's open, every message found by id after.
    @Test func aStoreOfTheOldLayoutIsUpgradedByMainOnly() throws {
        try withTemporaryDirectory("id-index-upgrade") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let peers = [PeerId(namespace: .cloudUser, id: 31), PeerId(namespace: .cloudChannel, id: 32)]
            var written: [Message] = []
            do {
                let postbox = try Postbox(layout: layout, accountId: 6, deviceKey: deviceKey, readOnly: false)
                for peer in peers {
                    // Even ids up to 150, and odd multiples of 3 up to 447: runs and gaps.
                    for n: Int32 in 1...150 {
                        let id = n % 2 == 0 ? n : 3 * n
                        written.append(message(peer, id, 2_000 + n))
                    }
                }
                try postbox.transaction { try $0.addMessages(written) }
                // Back to schema 1's layout, as a build before the block rows left it.
                let box = postbox.valueBox
                try box.write {
                    try box.removeAll(PostboxTable.messageIdIndex)
                    for m in written {
                        try box.set(PostboxTable.messageIdIndex,
                                    ValueBoxKey(m.index.id.peerId.toInt64(), m.index.id.namespace, m.index.id.id, m.index.timestamp), [])
                    }
                    try box.connection.execute("PRAGMA user_version=1")
                }
            }
            let path = layout.postboxDatabasePath(6)
            #expect(throws: StorageError.olderSchema(path: path, found: 1, supported: PostboxTable.schemaVersion)) {
                try Postbox(layout: layout, accountId: 6, deviceKey: deviceKey, readOnly: true, useCaches: false)
            }
            let writer = try Postbox(layout: layout, accountId: 6, deviceKey: deviceKey, readOnly: false)
            #expect(writer.valueBox.storedSchemaVersion == PostboxTable.schemaVersion)
            let reader = try Postbox(layout: layout, accountId: 6, deviceKey: deviceKey, readOnly: true, useCaches: false)
            try reader.read { (t: PostboxTransaction) throws in
                for m in written { #expect(try t.message(m.index.id)?.index == m.index, "\(m.index)") }
                #expect(try t.maxMessageId(peers[0]) == 447)
                #expect(try t.message(MessageId(peerId: peers[0], id: 5)) == nil)
            }
            // Fewer rows than messages: a row holds a run of ids.
            #expect(try writer.valueBox.read { try writer.valueBox.count(PostboxTable.messageIdIndex) } < written.count / 4)
        }
    }
}
