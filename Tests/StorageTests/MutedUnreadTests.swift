import Foundation
import Testing
import Container
import Cryptography
@testable import Storage
import TestSupport

/// The badge without muted chats comes from totals main keeps (MutedUnread) instead of a walk over
/// every chat: after any mix of messages, reads, deletes, mutes and unmutes, and as mutes run out,
/// it must equal a count from the rows themselves, in main's transaction and in a reader's.
@Suite("Postbox: the muted chats' unread totals")
struct MutedUnreadTests {
    static let deviceKey = DeviceKey(bytes: (0 ..< 48).map { UInt8(truncatingIfNeeded: $0 &* 5 &+ 3) })

    final class Clock: @unchecked Sendable { var now: Int32 = 1_800_000_000 }

    /// What the badge must say, from every chat's read state and settings.
    static func expected(_ t: PostboxTransaction, chats: [PeerId], now: Int32) throws -> UnreadTotals {
        var totals = UnreadTotals(messages: 0, chats: 0)
        for chat in chats {
            let unread = try t.readState(chat)?.unreadCount ?? 0
            guard unread > 0, !(try t.isMuted(chat, at: now)) else { continue }
            totals.messages += Int64(unread)
            totals.chats += 1
        }
        return totals
    }

    @Test("Any mix of writes and a clock that moves on: the kept totals equal a recount, for main and a reader")
    func agreesWithRecount() throws {
        try withTemporaryDirectory("muted-unread") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let postbox = try Postbox(layout: layout, accountId: 5, deviceKey: Self.deviceKey, readOnly: false)
            let clock = Clock()
            postbox.clock = { clock.now }
            let reader = try Postbox(layout: layout, accountId: 5, deviceKey: Self.deviceKey, readOnly: true)
            let chats = (0 ..< 12).map { PeerId(namespace: .cloudUser, id: Int64(200 + $0)) }
            var rng = SeededGenerator(seed: 7)
            var nextId = [PeerId: Int32]()
            var keptUsed = 0
            try postbox.transaction { t in
                for chat in chats { try t.updatePeer(Peer(id: chat, firstName: "C\(chat.id)")) }
            }
            for step in 0 ..< 400 {
                let chat = chats.randomElement(using: &rng)!
                try postbox.transaction { t in
                    switch Int.random(in: 0 ..< 6, using: &rng) {
                    case 0, 1:
                        let count = Int.random(in: 1 ... 4, using: &rng)
                        let messages = (0 ..< count).map { _ -> Message in
                            let id = (nextId[chat] ?? 0) + 1
                            nextId[chat] = id
                            return Message(index: MessageIndex(id: MessageId(peerId: chat, id: id), timestamp: clock.now + id),
                                           authorId: chat, text: "m\(id)", isIncoming: Bool.random(using: &rng))
                        }
                        try t.addMessages(messages)
                    case 2:
                        try t.markIncomingRead(chat, upTo: Int32.random(in: 0 ... max(1, nextId[chat] ?? 1), using: &rng))
                    case 3:
                        try t.markIncomingUnread(chat, from: Int32.random(in: 1 ... max(1, nextId[chat] ?? 1), using: &rng))
                    case 4:
                        let ids = (0 ..< 2).map { _ in MessageId(peerId: chat, id: Int32.random(in: 1 ... max(1, nextId[chat] ?? 1), using: &rng)) }
                        try t.deleteMessages(ids)
                    default:
                        let until: Int32 = [0, Int32.max, clock.now + Int32.random(in: 1 ... 300, using: &rng),
                                            clock.now - 5][Int.random(in: 0 ..< 4, using: &rng)]
                        try t.setNotificationSettings(chat, PeerNotificationSettings(muteUntil: until, sound: "default", displayPreviews: true))
                    }
                    // Inside the transaction, as a writer reads it.
                    #expect(try t.unreadTotals(includeMuted: false, now: clock.now) == Self.expected(t, chats: chats, now: clock.now),
                            "step \(step), in main's transaction")
                }
                if Int.random(in: 0 ..< 4, using: &rng) == 0 { clock.now += Int32.random(in: 1 ... 120, using: &rng) }
                let now = clock.now
                for box in [postbox, reader] {
                    try box.read { t in
                        #expect(try t.unreadTotals(includeMuted: false, now: now) == Self.expected(t, chats: chats, now: now),
                                "step \(step), \(box.isReadOnly ? "a reader" : "main")")
                        if try t.storedMutedUnread()?.holds(at: now, counters: t.counters()) == true { keptUsed += 1 }
                    }
                }
            }
            // The kept totals were what answered most of the time, not the recount.
            #expect(keptUsed > 400)
        }
    }

    @Test("Totals left by a writer that did not keep them (an older build) are not used")
    func olderWriter() throws {
        try withTemporaryDirectory("muted-unread-older") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 6, deviceKey: Self.deviceKey, readOnly: false)
            let clock = Clock()
            postbox.clock = { clock.now }
            let muted = PeerId(namespace: .cloudUser, id: 300), open = PeerId(namespace: .cloudUser, id: 301)
            try postbox.transaction { t in
                try t.setNotificationSettings(muted, PeerNotificationSettings(muteUntil: .max, sound: "default", displayPreviews: true))
                try t.addMessages([muted, open].map {
                    Message(index: MessageIndex(id: MessageId(peerId: $0, id: 1), timestamp: clock.now), authorId: $0, text: "x", isIncoming: true)
                })
            }
            #expect(try postbox.read { try $0.unreadTotals(includeMuted: false, now: clock.now) } == UnreadTotals(messages: 1, chats: 1))
            #expect(try postbox.read { try $0.storedMutedUnread() } != nil)
            // An older build adds an unread message to the muted chat: the counters move, the kept row does not.
            try postbox.valueBox.write {
                var counters = try postbox.read { try $0.counters() }
                counters.totalUnreadMessages += 1
                try postbox.valueBox.set(PostboxTable.metadata, PostboxKeys.counters, counters.encoded())
                try postbox.valueBox.set(PostboxTable.readState, PostboxKeys.peer(muted),
                                         ReadState(maxIncomingReadId: 0, unreadCount: 2).encoded())
            }
            #expect(try postbox.read { try $0.unreadTotals(includeMuted: false, now: clock.now) } == UnreadTotals(messages: 1, chats: 1))
        }
    }
}
