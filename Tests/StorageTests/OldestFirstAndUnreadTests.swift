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
                    return try t.firstUnreadIncoming(chat).map { ($0.index, $0.count) }
                }
                let unread = messages.filter { $0.isIncoming && $0.id.id > mark }.map(\.index).sorted()
                #expect(found?.0 == unread.first && Int(found?.1 ?? 0) == unread.count, "mark \(mark): \(String(describing: found))")
            }
        }
    }
}
