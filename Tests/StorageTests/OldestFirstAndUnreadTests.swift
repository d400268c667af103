import Foundation
import Testing
import Container
import Cryptography
@testable import Storage
import TestSupport

/// Reading a history downward from any message (a chat opened at its first unread message, at a
/// search hit, at the top), and finding where the unread messages start through the id index:
/// both agree with a model, with negative ids (a group's history exported inside its
/// supergroup) sharing timestamps with the others.
@Suite("Postbox: oldest-first pages and the first unread message")
struct OldestFirstAndUnreadTests {
    private let deviceKey = DeviceKey(bytes: (0..<48).map { UInt8(truncatingIfNeeded: $0 &* 5 &+ 3) })

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func pagesAfterAnyCursorAndTheFirstUnreadMatchAModel(seed: UInt64) throws {
        try withTemporaryDirectory("oldest-first") { dir in
            var rng = SeededGenerator(seed: seed)
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 3, deviceKey: deviceKey, readOnly: false)
            let chat = PeerId(namespace: .cloudChannel, id: 21)
            var ids = Set<Int32>()
            while ids.count < 300 {
                let negative = rng.next() % 3 == 0
                ids.insert(negative ? -1_000_000_000 + Int32(rng.next() % 400) : Int32(1 + rng.next() % 400))
            }
            // Ids grow with time, as in a chat (the negative ones, older, exported before the
            // migration); three to a timestamp, so the signs meet at one.
            let messages = ids.sorted().enumerated().map { rank, id in
                Message(index: MessageIndex(id: MessageId(peerId: chat, id: id), timestamp: 1_700_000_000 + Int32(rank / 3)),
                        authorId: chat, text: "m\(id)", isIncoming: rng.next() % 4 != 0)
            }
            try postbox.transaction { try $0.addMessages(messages) }
            let sorted = messages.map(\.index).sorted()
            for _ in 0..<60 {
                let cursor: MessageIndex? = rng.next() % 8 == 0 ? nil : sorted[Int(rng.next() % UInt64(sorted.count))]
                let limit = Int(1 + rng.next() % 50)
                let page = try postbox.read { try $0.messages(chat, after: cursor, limit: limit) }.map(\.index)
                let expected = Array(sorted.filter { index in cursor.map { index > $0 } ?? true }.prefix(limit))
                #expect(page == expected, "after \(String(describing: cursor)) limit \(limit)")
            }
            for _ in 0..<30 {
                let mark: Int32 = rng.next() % 2 == 0 ? -1_000_000_000 + Int32(rng.next() % 420) : Int32(rng.next() % 420)
                let found = try postbox.transaction { t -> (MessageIndex, Int32)? in
                    try t.markIncomingUnread(chat, from: Int32.min)
                    try t.markIncomingRead(chat, upTo: mark)
                    return try t.firstUnreadIncoming(chat).map { ($0.first, $0.count) }
                }
                let unread = messages.filter { $0.isIncoming && $0.id.id > mark }.map(\.index).sorted()
                #expect(found?.0 == unread.first && Int(found?.1 ?? 0) == unread.count, "mark \(mark): \(String(describing: found))")
            }
        }
    }

    /// The divider's count taken again after deletions anywhere in the chat (loaded or not),
    /// reads, marks moved back and new messages, in random order: always the incoming messages
    /// it covered that are still stored, and the oldest of them, as a model says.
    @Test(arguments: [UInt64(11), 12, 13, 14])
    func theUnreadSpanFollowsDeletionsWhereverTheyAre(seed: UInt64) throws {
        try withTemporaryDirectory("unread-span") { dir in
            var rng = SeededGenerator(seed: seed)
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 3, deviceKey: deviceKey, readOnly: false)
            let chat = PeerId(namespace: .cloudUser, id: 77)
            var stored: [Int32: Bool] = [:]
            func message(_ id: Int32, incoming: Bool) -> Message {
                Message(index: MessageIndex(id: MessageId(peerId: chat, id: id), timestamp: 1_700_000_000 + id),
                        authorId: incoming ? chat : nil, text: "m\(id)", isIncoming: incoming)
            }
            let first = (1...400).map { message(Int32($0), incoming: rng.next() % 4 != 0) }
            try postbox.transaction { t in
                try t.prepareReadState(chat, maxIncomingReadId: 120)
                try t.addMessages(first)
            }
            for m in first { stored[m.index.id.id] = m.isIncoming }
            var span = try #require(try postbox.read { try $0.firstUnreadIncoming(chat) })
            var next: Int32 = 401
            func model() -> (first: Int32, count: Int)? {
                let covered = stored.filter { $0.value && $0.key > span.readMark && $0.key <= span.newestId }.keys.sorted()
                return covered.first.map { ($0, covered.count) }
            }
            #expect(span.readMark == 120 && span.newestId == 400 && Int(span.count) == model()?.count)
            var current: UnreadSpan? = span
            for step in 0..<120 {
                try postbox.transaction { t in
                    switch rng.next() % 5 {
                    case 0, 1:
                        // Deleted, anywhere: read or not, covered or newer.
                        let ids = stored.keys.sorted()
                        guard !ids.isEmpty else { return }
                        let id = ids[Int(rng.next() % UInt64(ids.count))]
                        try t.deleteMessages([MessageId(peerId: chat, id: id)])
                        stored[id] = nil
                    case 2:
                        try t.markIncomingRead(chat, upTo: Int32(100 + rng.next() % 380))
                    case 3:
                        if rng.next() % 3 == 0 { try t.markIncomingUnread(chat, from: Int32(1 + rng.next() % 300)) }
                    default:
                        let incoming = rng.next() % 2 == 0
                        try t.addMessages([message(next, incoming: incoming)])
                        stored[next] = incoming
                        next += 1
                    }
                }
                guard let before = current else { break }
                current = try postbox.read { try $0.unreadSpan(before, again: chat) }
                let expected = model()
                #expect(current?.first.id.id == expected?.first && current.map { Int($0.count) } == expected?.count,
                        "step \(step): \(String(describing: current)) against \(String(describing: expected))")
                if let current { span = current }
            }
        }
    }
}

