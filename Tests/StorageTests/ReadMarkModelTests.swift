import Container
import Cryptography
import Foundation
@testable import Storage
import Testing
import TestSupport

/// The read mark moves the unread count by what lies between the old mark and the new, not by a
/// recount: after any sequence of reads, unreads, new messages and deletions (negative ids among
/// them, a mark on a deleted message, a mark past the newest), the count, what each move returns
/// and the totals agree with a model that recounts every incoming message above the mark.
@Suite("Postbox read marks against a recounting model")
struct ReadMarkModelTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func readMarkMovesMatchARecount(seed: UInt64) throws {
        try withTemporaryDirectory("readmark-model") { dir in
            var rng = SeededGenerator(seed: seed)
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0) }), readOnly: false)
            let peer = PeerId(namespace: .cloudChannel, id: 9)
            // id → incoming; ids grow with time, the negative ones (an exported group's) older.
            var model: [Int32: Bool] = [:]
            var mark: Int32 = 0
            var timestamp: Int32 = 1_700_000_000
            func add(_ ids: [Int32]) throws {
                let messages = ids.map { id -> Message in
                    timestamp += Int32(rng.next() % 2)
                    let incoming = rng.next() % 4 != 0
                    model[id] = incoming
                    return Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: timestamp),
                                   authorId: peer, text: "m\(id)", isIncoming: incoming)
                }
                try postbox.transaction { try $0.addMessages(messages) }
            }
            func unread() -> Int32 { Int32(model.filter { $0.key > mark && $0.value }.count) }
            try postbox.transaction { try $0.updatePeer(Peer(id: peer, title: "Group")) }
            try add((0 ..< 40).map { -1_000_000_000 + Int32($0 * 3) })
            try add((1 ... 400).map { Int32($0) })
            var newest: Int32 = 400
            for step in 0 ..< 120 {
                let before = unread()
                let existing = model.keys.sorted()
                switch rng.next() % 5 {
                case 0, 1:  // read up to a stored message, or past the newest now and then
                    let target = rng.next() % 10 == 0 ? newest + 5 : existing[Int(rng.next() % UInt64(existing.count))]
                    let moved = try postbox.transaction { try $0.markIncomingRead(peer, upTo: target) }
                    if target > mark { mark = target }
                    #expect(moved == before - unread(), "step \(step): read up to \(target)")
                case 2:  // unread again from a stored message
                    let from = existing[Int(rng.next() % UInt64(existing.count))]
                    let moved = try postbox.transaction { try $0.markIncomingUnread(peer, from: from) }
                    if from <= mark { mark = from - 1 }
                    #expect(moved == before - unread(), "step \(step): unread from \(from)")
                case 3:  // new messages
                    let count = Int32(1 + rng.next() % 6)
                    try add((1 ... count).map { newest + $0 })
                    newest += count
                case _:  // a deletion, the message under the mark included now and then
                    let id = rng.next() % 3 == 0 && model[mark] != nil ? mark : existing[Int(rng.next() % UInt64(existing.count))]
                    _ = try postbox.transaction { try $0.deleteMessages([MessageId(peerId: peer, id: id)]) }
                    model[id] = nil
                }
                let stored = try postbox.read { t in (try t.readState(peer), try t.counters()) }
                #expect(stored.0?.maxIncomingReadId == mark && stored.0?.unreadCount == unread(), "step \(step)")
                #expect(stored.1.totalUnreadMessages == Int64(unread()), "step \(step)")
            }
        }
    }
}
