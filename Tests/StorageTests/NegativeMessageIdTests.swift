import Container
import Cryptography
import Foundation
@testable import Storage
import Testing
import TestSupport

/// When a group becomes a supergroup, Telegram Desktop exports the group's history inside the
/// supergroup with ids shifted by −1,000,000,000 (−999,681,092), older than the supergroup's own
/// messages and meeting them at the migration's timestamp. Stored as they are, negative and
/// positive ids in one chat: every path of the Postbox against a model of it.
@Suite("Postbox: negative message ids (a group's history inside its supergroup)")
struct NegativeMessageIdTests {
    static let key = DeviceKey(bytes: (0 ..< 48).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) })
    static let shift: Int32 = -1_000_000_000
    static let base: Int32 = 1_600_000_000
    /// The group's last message and the supergroup's first two share this timestamp.
    static let migration: Int32 = base + 200

    /// A message's time follows from its id, so ids grow with time (as in a chat), with ties: three
    /// ids a second, the group's 600 ids before the migration, the supergroup's after.
    static func timestamp(_ id: Int32) -> Int32 {
        Int32(clamping: id < 0 ? Int64(base) + (Int64(id) - Int64(shift)) / 3 : Int64(migration) + Int64(id) / 3)
    }

    static func isIncoming(_ id: Int32) -> Bool { (id & 0x7fff_ffff) % 3 != 0 }

    static func message(_ peer: PeerId, _ id: Int32, text: String? = nil) -> Message {
        Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: timestamp(id)), authorId: peer,
                text: text ?? "m\(id)", isIncoming: isIncoming(id))
    }

    /// What the store must say about one chat.
    struct Model {
        var messages: [Int32: Message] = [:]
        var readMark: Int32 = 0

        var newestFirst: [Message] { messages.values.sorted { $1.index < $0.index } }
        var unread: Int32 { Int32(messages.values.filter { $0.isIncoming && $0.id.id > readMark }.count) }
        var maxId: Int32 { messages.keys.filter { $0 >= 1 }.max() ?? 0 }
        var idSpan: Int64 {
            let negatives = messages.keys.filter { $0 < 0 }
            let span = negatives.min().map { Int64(negatives.max()!) - Int64($0) + 1 } ?? 0
            return Int64(maxId) + span
        }
    }

    static func check(_ postbox: Postbox, _ models: [PeerId: Model], pageSizes: [Int], _ comment: Comment) throws {
        try postbox.read { t in
            var totalUnread: Int64 = 0
            for (peer, model) in models {
                let label = "\(comment), chat \(peer)"
                let expected = model.newestFirst
                for message in expected {
                    #expect(try t.message(message.id) == message, "\(label): \(message.id)")
                }
                for id: Int32 in [0, -1, shift, shift + 601, 601, Int32.min, Int32.max] where model.messages[id] == nil {
                    #expect(try t.message(MessageId(peerId: peer, id: id)) == nil, "\(label): \(id)")
                }
                #expect(try t.maxMessageId(peer) == model.maxId, "\(label)")
                #expect(try t.messageIdSpan(peer) == model.idSpan, "\(label)")
                #expect(try t.latestMessages(peer, limit: 5) == Array(expected.prefix(5)), "\(label)")
                // Paged through from the top, and from a cursor at every message (the tie included).
                for size in pageSizes {
                    var seen: [Message] = []
                    var before: MessageIndex?
                    while true {
                        let page = try t.messages(peer, before: before, limit: size)
                        seen += page
                        guard page.count == size, let last = page.last else { break }
                        before = last.index
                    }
                    #expect(seen.map(\.id) == expected.map(\.id), "\(label): pages of \(size)")
                }
                for (n, message) in expected.enumerated() {
                    #expect(try t.messages(peer, before: message.index, limit: 3).map(\.id) == expected.dropFirst(n + 1).prefix(3).map(\.id),
                            "\(label): before \(message.id)")
                }
                // A cursor at an id no message has, at the migration's timestamp: the ids below it there, then the older ones.
                for id: Int32 in [shift + 599, -1, 0, 5] {
                    let cursor = MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: migration)
                    #expect(try t.messages(peer, before: cursor, limit: 4).map(\.id) == expected.filter { $0.index < cursor }.prefix(4).map(\.id),
                            "\(label): before \(id) at the migration")
                }
                // (A chat left empty keeps its place in the list, at the message it had.)
                if let newest = expected.first { #expect(try t.chatListKey(peer)?.topMessage == newest.index, "\(label)") }
                let state = try t.readState(peer) ?? ReadState()
                #expect(state.maxIncomingReadId == model.readMark, "\(label)")
                #expect(state.unreadCount == model.unread, "\(label)")
                totalUnread += Int64(model.unread)
            }
            #expect(try t.counters().totalUnreadMessages == totalUnread, "\(comment)")
            #expect(try t.counters().messageCount == Int64(models.values.map(\.messages.count).reduce(0, +)), "\(comment)")
        }
    }

    /// Random batches (small ones written in line, large ones prepared on a thread; old ids
    /// written again), deletions, read marks moved up and down across zero, in a supergroup with
    /// the group's history, a chat with only a group's history, and a chat of positive ids.
    @Test(arguments: [UInt64(1), 2, 3])
    func everyPathAgreesWithAModel(seed: UInt64) throws {
        try withTemporaryDirectory("negative-ids") { dir in
            var rng = SeededGenerator(seed: seed)
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 2, deviceKey: Self.key, readOnly: false)
            let supergroup = PeerId(namespace: .cloudChannel, id: 40)
            let groupOnly = PeerId(namespace: .cloudChannel, id: 41)
            let user = PeerId(namespace: .cloudUser, id: 42)
            var models: [PeerId: Model] = [supergroup: Model(), groupOnly: Model(), user: Model()]
            func randomId(_ peer: PeerId) -> Int32 {
                let old = Self.shift + Int32(1 + rng.next() % 600)
                let new = Int32(1 + rng.next() % 600)
                switch peer {
                case groupOnly: return old
                case user: return new
                default: return rng.next() % 2 == 0 ? old : new
                }
            }
            for step in 0 ..< 14 {
                switch step % 7 {
                case 3:
                    var ids: [MessageId] = []
                    for (peer, model) in models {
                        for id in model.messages.keys where rng.next() % 4 == 0 { ids.append(MessageId(peerId: peer, id: id)) }
                        ids.append(MessageId(peerId: peer, id: randomId(peer)))
                    }
                    let deleted = try postbox.transaction { try $0.deleteMessages(ids) }
                    #expect(Set(deleted) == Set(ids.filter { models[$0.peerId]?.messages[$0.id] != nil }))
                    for id in deleted { models[id.peerId]?.messages[id.id] = nil }
                case 5:
                    // Read up to an id ≥ 1 (the group's history, below it, is read with it), or back to one below zero.
                    for peer in models.keys {
                        let mark = rng.next() % 2 == 0 ? Int32(1 + rng.next() % 600) : Self.shift + Int32(rng.next() % 600)
                        try postbox.transaction { t in
                            if mark > models[peer]!.readMark {
                                try t.markIncomingRead(peer, upTo: mark)
                                models[peer]!.readMark = mark
                            } else {
                                try t.markIncomingUnread(peer, from: mark)
                                models[peer]!.readMark = mark - 1
                            }
                        }
                    }
                default:
                    let count = [1, 9, 300, 700][Int(rng.next() % 4)]
                    var batch: [Message] = []
                    for _ in 0 ..< count {
                        let peer = [supergroup, groupOnly, user][Int(rng.next() % 3)]
                        let message = Self.message(peer, randomId(peer), text: rng.next() % 5 == 0 ? "edited \(rng.next() % 100)" : nil)
                        batch.append(message)
                    }
                    try postbox.transaction { t in try t.addMessages(batch) }
                    for message in batch {
                        let peer = message.id.peerId
                        // A new incoming message above the mark is unread; one written again keeps its count.
                        models[peer]!.messages[message.id.id] = message
                    }
                }
                try Self.check(postbox, models, pageSizes: step == 13 ? [1, 2, 7, 64] : [7], "seed \(seed) step \(step)")
            }
            #expect(try postbox.valueBox.integrityCheck() == "ok")
        }
    }

    @Test("The chat list's top and a chat's newest at the migration's timestamp: the supergroup's id 7 above the group's −5")
    func topMessageAtATie() throws {
        try withTemporaryDirectory("negative-ids-top") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 2, deviceKey: Self.key, readOnly: false)
            let peer = PeerId(namespace: .cloudChannel, id: 50)
            func message(_ id: Int32, _ timestamp: Int32) -> Message {
                Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: timestamp), authorId: peer, text: "m\(id)", isIncoming: true)
            }
            try postbox.transaction { t in try t.addMessages([message(-5, 100), message(7, 100), message(8, 101), message(-6, 100)]) }
            func top() throws -> Int32? { try postbox.read { try $0.chatListKey(peer)?.topMessage.id.id } }
            #expect(try top() == 8)
            try postbox.transaction { t in _ = try t.deleteMessages([MessageId(peerId: peer, id: 8)]) }
            #expect(try top() == 7)
            #expect(try postbox.read { try $0.latestMessages(peer, limit: 10).map(\.id.id) } == [7, -5, -6])
            try postbox.transaction { t in _ = try t.deleteMessages([MessageId(peerId: peer, id: 7)]) }
            #expect(try top() == -5)
            #expect(try postbox.read { try $0.maxMessageId(peer) } == 0)
            // Taken out of the list and put back: at its newest message.
            try postbox.transaction { t in
                try t.setIncludedInChatList(peer, false)
                try t.setIncludedInChatList(peer, true)
            }
            #expect(try top() == -5)
        }
    }

    @Test("Read marks at every id around the migration: the unread count is the incoming messages above the mark, the group's below a mark ≥ 0 read with it")
    func readMarksAroundTheMigration() throws {
        try withTemporaryDirectory("negative-ids-read") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 2, deviceKey: Self.key, readOnly: false)
            let peer = PeerId(namespace: .cloudChannel, id: 80)
            // The group's last ids and the supergroup's first, ids 1 and 2 at the group's last timestamp.
            let ids = Array((Self.shift + 590) ... (Self.shift + 600)) + Array(1 ... 12)
            #expect(Self.timestamp(1) == Self.timestamp(Self.shift + 600))
            let messages = ids.map { Self.message(peer, $0) }
            try postbox.transaction { t in try t.addMessages(messages) }
            func unread(above mark: Int32) -> Int32 { Int32(messages.filter { $0.isIncoming && $0.id.id > mark }.count) }
            var mark: Int32 = 0
            #expect(try postbox.read { try $0.readState(peer)?.unreadCount } == unread(above: 0))
            for next: Int32 in [1, Self.shift + 599, 2, Self.shift + 600, 12, -1, 0, Self.shift + 589, 11, 1, Self.shift] {
                try postbox.transaction { t in
                    if next > mark { try t.markIncomingRead(peer, upTo: next) } else { try t.markIncomingUnread(peer, from: next + 1) }
                    return
                }
                mark = next
                let state = try #require(try postbox.read { try $0.readState(peer) })
                #expect(state.maxIncomingReadId == mark)
                #expect(state.unreadCount == unread(above: mark), "mark \(mark)")
                #expect(try postbox.read { try $0.counters().totalUnreadMessages } == Int64(unread(above: mark)), "mark \(mark)")
            }
        }
    }

    @Test("The highest id ≥ 1: not a negative block's, whatever blocks the chat has")
    func maxIdIgnoresNegativeIds() throws {
        try withTemporaryDirectory("negative-ids-max") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 2, deviceKey: Self.key, readOnly: false)
            let peer = PeerId(namespace: .cloudChannel, id: 60)
            func add(_ ids: [Int32]) throws {
                try postbox.transaction { t in try t.addMessages(ids.map { Self.message(peer, $0) }) }
            }
            func maxId() throws -> Int32 { try postbox.read { try $0.maxMessageId(peer) } }
            try add([-999_681_092, -1])
            #expect(try maxId() == 0)
            try add([0])
            #expect(try maxId() == 0)
            try add([1])
            #expect(try maxId() == 1)
            try add([64, 63, Int32.min])
            #expect(try maxId() == 64)
            try add([Int32.max])
            #expect(try maxId() == Int32.max)
            #expect(try postbox.read { try $0.maxMessageId(PeerId(namespace: .cloudUser, id: 61)) } == 0)
        }
    }

    @Test("Marking unread from the lowest id there is does not overflow")
    func unreadFromTheLowestId() throws {
        try withTemporaryDirectory("negative-ids-min") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 2, deviceKey: Self.key, readOnly: false)
            let peer = PeerId(namespace: .cloudChannel, id: 70)
            try postbox.transaction { t in
                try t.addMessages([Self.message(peer, 1), Self.message(peer, 2), Self.message(peer, -5)])
                try t.markIncomingRead(peer, upTo: 2)
                #expect(try t.markIncomingUnread(peer, from: Int32.min) == -2)
                #expect(try t.readState(peer) == ReadState(maxIncomingReadId: Int32.min, unreadCount: 2))
            }
        }
    }
}
