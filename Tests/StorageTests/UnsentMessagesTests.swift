import Container
import Cryptography
import Formats
import Foundation
import Testing
@testable import Storage
import TestSupport

/// The account's messages on their way to the server: written in the local namespace with their
/// random id and listed as unsent in one transaction; moved to the server's id when it answers;
/// marked when it refuses; shown in the chat's history in time order beside the server's messages.
@Suite("Postbox: unsent messages and the history of both namespaces")
struct UnsentMessagesTests {
    private let deviceKey = DeviceKey(bytes: (0..<48).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) })
    private let chat = PeerId(namespace: .cloudUser, id: 1_000_002)
    private let me = PeerId(namespace: .cloudUser, id: 1_000_001)

    private func message(_ id: Int32, at timestamp: Int32, incoming: Bool, _ text: String) -> Message {
        Message(index: MessageIndex(id: MessageId(peerId: chat, id: id), timestamp: timestamp), authorId: incoming ? chat : me,
                text: text, isIncoming: incoming)
    }

    private func withPostbox(_ body: (Postbox) throws -> Void) throws {
        try withTemporaryDirectory("unsent") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1, deviceKey: deviceKey, readOnly: false)
            try postbox.transaction { t in
                try t.updatePeer(Peer(id: chat, firstName: "Grace", lastName: "Hopper"))
                try t.addMessages([message(10, at: 1_000, incoming: true, "hello"), message(11, at: 1_005, incoming: true, "there")])
            }
            try body(postbox)
        }
    }

    @Test func aReplyToAMessageOnItsWayFollowsItToTheServersId() throws {
        try withPostbox { postbox in
            let (first, reply) = try postbox.transaction { t -> (MessageId, MessageId) in
                let first = try t.addUnsentMessage(message(0, at: 1_006, incoming: false, "first"), randomId: 81)
                var answer = message(0, at: 1_007, incoming: false, "its reply")
                answer.extras.replyTo = MessageReply(id: first.id, namespace: first.namespace)
                let reply = try t.addUnsentMessage(answer, randomId: 82)
                try t.setDraft(chat, ChatDraft(text: "and more", entities: [], replyTo: MessageReply(id: first.id, namespace: first.namespace),
                                               timestamp: 1_008))
                return (first, reply)
            }
            #expect(try postbox.read { try $0.message(reply)?.extras.replyTo?.target(in: chat) } == first)
            _ = try postbox.transaction { try $0.markSent(first, serverId: 12, date: 1_010) }
            let (moved, draft) = try postbox.read { (try $0.message(reply)?.extras.replyTo, try $0.draft(chat)?.replyTo) }
            #expect(moved == MessageReply(id: 12) && draft == MessageReply(id: 12), "\(String(describing: moved)) \(String(describing: draft))")
        }
    }

    @Test func aForwardKeepsWhichMessageItForwardsAndAnOlderRowReadsAsNone() throws {
        try withPostbox { postbox in
            let source = MessageId(peerId: chat, id: 10)
            let local = try postbox.transaction { t in
                try t.addUnsentMessage(message(0, at: 1_006, incoming: false, "hello"), randomId: 78, forwardOf: source)
            }
            let stored = try postbox.read { try $0.message(local) }
            #expect(stored?.extras.outgoing == MessageOutgoing(randomId: 78, forwardOf: source))
            // The field as written before forwards (random id and failure only) reads as no forward.
            var older = BinaryWriter()
            older.write(Int64(5))
            older.writeOptional(String?.none)
            var field = BinaryWriter()
            field.write(MessageExtras.Tag.outgoing.rawValue)
            field.write(older.bytes)
            field.write(MessageExtras.Tag.end.rawValue)
            var reader = BinaryReader(field.bytes)
            #expect(try MessageExtras(from: &reader).outgoing == MessageOutgoing(randomId: 5))
        }
    }

    @Test func anUnsentMessageIsListedShownInOrderAndMovedToTheServersId() throws {
        try withPostbox { postbox in
            // Dated the second of the newest message: both namespaces meet in one timestamp.
            let local = try postbox.transaction { t in
                try t.addUnsentMessage(message(0, at: 1_005, incoming: false, "on its way"), randomId: 77)
            }
            #expect(local.namespace == MessageId.localNamespace && local.id == 1)
            let (unsent, history, top) = try postbox.read { t in
                (try t.unsentMessages(), try t.historyMessages(chat, before: nil, limit: 10), try t.chatListKey(chat)?.topMessage)
            }
            #expect(unsent.map(\.id) == [local] && unsent.first?.extras.outgoing == MessageOutgoing(randomId: 77))
            #expect(history.map(\.text) == ["on its way", "there", "hello"], "\(history.map(\.text))")
            #expect(top?.id == local, "the chat list shows it")
            // A page below the local message still has the cloud one of its second.
            let below = try postbox.read { try $0.historyMessages(chat, before: history[0].index, limit: 10) }
            #expect(below.map(\.text) == ["there", "hello"])
            let above = try postbox.read { try $0.historyMessages(chat, after: history[1].index, limit: 10) }
            #expect(above.map(\.text) == ["on its way"])

            let sent = try postbox.transaction { t in try t.markSent(local, serverId: 12, date: 1_006) }
            #expect(sent == MessageIndex(id: MessageId(peerId: chat, id: 12), timestamp: 1_006))
            let after = try postbox.read { t in
                (try t.unsentMessages(), try t.historyMessages(chat, before: nil, limit: 10), try t.message(local), try t.chatListKey(chat)?.topMessage)
            }
            #expect(after.0.isEmpty && after.2 == nil)
            #expect(after.1.map(\.text) == ["on its way", "there", "hello"] && after.1.first?.id.id == 12 && after.1.first?.extras.outgoing == nil)
            #expect(after.3?.id.id == 12)
            // The answer again (a retry's): nothing changes.
            #expect(try postbox.transaction { t in try t.markSent(local, serverId: 12, date: 1_006) } == nil)
            #expect(try postbox.read { try $0.historyMessages(chat, before: nil, limit: 10) }.count == 3)
        }
    }

    /// A catch-up stored the server's copy first: the local one goes, the server's stays, one message.
    /// The first message of a chat: its row goes from the local copy to the server's, in the same
    /// second (the local namespace sorts after the server's, so the server's copy is not "newer"),
    /// and a chat emptied by deletions takes its next message whatever its time.
    @Test func aChatsFirstMessageSentKeepsItsRow() throws {
        try withTemporaryDirectory("unsent-first") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1, deviceKey: deviceKey, readOnly: false)
            try postbox.transaction { t in
                try t.updatePeer(Peer(id: chat, firstName: "Grace", lastName: "Hopper"))
                let local = try t.addUnsentMessage(message(0, at: 2_000, incoming: false, "first words"), randomId: 91)
                #expect(try t.chatListKey(chat)?.topMessage.id == local)
                let sent = try #require(try t.markSent(local, serverId: 6, date: 2_000))
                #expect(try t.chatListKey(chat)?.topMessage == sent, "the row shows the sent message, not its gone local copy")

                try t.deleteMessages([sent.id])
                #expect(try t.chatListKey(chat) != nil, "emptied, the row stays")
                try t.addMessages([message(7, at: 1_500, incoming: true, "an older one, fetched")])
                #expect(try t.chatListKey(chat)?.topMessage.id.id == 7, "the row takes the next message, though older than the gone one")
            }
        }
    }

    @Test func theServersCopyFirstLeavesOneMessage() throws {
        try withPostbox { postbox in
            let local = try postbox.transaction { t in try t.addUnsentMessage(message(0, at: 1_010, incoming: false, "twice?"), randomId: 5) }
            try postbox.transaction { t in try t.addMessages([message(12, at: 1_010, incoming: false, "twice?")]) }
            try postbox.transaction { t in _ = try t.markSent(local, serverId: 12, date: 1_010) }
            let history = try postbox.read { try $0.historyMessages(chat, before: nil, limit: 10) }
            #expect(history.map(\.text) == ["twice?", "there", "hello"] && history.first?.id.id == 12)
            #expect(try postbox.read { try $0.unsentMessages() }.isEmpty)
        }
    }

    @Test func aRefusedMessageStaysMarkedAndADeletedOneIsNotSent() throws {
        try withPostbox { postbox in
            let (refused, deleted, kept) = try postbox.transaction { t in
                (try t.addUnsentMessage(message(0, at: 1_010, incoming: false, "refused"), randomId: 1),
                 try t.addUnsentMessage(message(0, at: 1_011, incoming: false, "deleted"), randomId: 2),
                 try t.addUnsentMessage(message(0, at: 1_012, incoming: false, "kept"), randomId: 3))
            }
            try postbox.transaction { t in
                try t.markSendFailed(refused, reason: "PEER_ID_INVALID")
                try t.deleteMessages([deleted])
            }
            let (unsent, stored) = try postbox.read { t in (try t.unsentMessages(), try t.message(refused)) }
            #expect(unsent.map(\.id) == [kept])
            #expect(stored?.extras.outgoing == MessageOutgoing(randomId: 1, failure: "PEER_ID_INVALID"))
            // Local ids are never handed out twice, even after messages left.
            let next = try postbox.transaction { t in try t.addUnsentMessage(message(0, at: 1_013, incoming: false, "next"), randomId: 4) }
            #expect(next.id == 4)
        }
    }

    /// Pages of the merged history from any cursor, either way, against a model: messages of both
    /// namespaces sharing timestamps.
    @Test(arguments: [UInt64(3), 4, 5])
    func pagesOfBothNamespacesMatchAModel(seed: UInt64) throws {
        try withTemporaryDirectory("unsent-pages") { dir in
            var rng = SeededGenerator(seed: seed)
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1, deviceKey: deviceKey, readOnly: false)
            var all: [MessageIndex] = []
            try postbox.transaction { t in
                try t.updatePeer(Peer(id: chat, firstName: "Grace", lastName: "Hopper"))
                var id: Int32 = 0
                for timestamp in Int32(1)...80 {
                    for _ in 0..<(rng.next() % 3) {
                        id += 1
                        let m = message(id, at: 1_000 + timestamp, incoming: rng.next() % 2 == 0, "c\(id)")
                        try t.addMessages([m])
                        all.append(m.index)
                    }
                    if rng.next() % 3 == 0 {
                        let local = try t.addUnsentMessage(message(0, at: 1_000 + timestamp, incoming: false, "l"), randomId: Int64(timestamp))
                        all.append(MessageIndex(id: local, timestamp: 1_000 + timestamp))
                    }
                }
            }
            all.sort()
            for _ in 0..<80 {
                let cursor: MessageIndex? = rng.next() % 6 == 0 ? nil : all[Int(rng.next() % UInt64(all.count))]
                let limit = Int(1 + rng.next() % 20)
                let older = try postbox.read { try $0.historyMessages(chat, before: cursor, limit: limit) }.map(\.index)
                #expect(older == Array(all.filter { c in cursor.map { c < $0 } ?? true }.reversed().prefix(limit)), "before \(String(describing: cursor))")
                let newer = try postbox.read { try $0.historyMessages(chat, after: cursor, limit: limit) }.map(\.index)
                #expect(newer == Array(all.filter { c in cursor.map { c > $0 } ?? true }.prefix(limit)), "after \(String(describing: cursor))")
            }
        }
    }
}
