import Container
import Testing
import TestSupport
@testable import NotificationService

/// The per-chat desktop notification ids: their file read back as written, anything else read as
/// none, and at most `limit` chats kept (the oldest go).
@Suite("DesktopNotificationIds")
struct DesktopNotificationIdsTests {
    static func entry(_ peer: Int64, id: UInt32, at time: Int64, message: Int32? = 7) -> DesktopNotificationIds.Entry {
        .init(accountId: -886_461, peerId: peer, id: id, messageId: message, postedAt: time)
    }

    @Test func theFileReadsBackAsWritten() {
        let entries = [Self.entry(1, id: 4_000_000_000, at: 1), Self.entry(-1_000_000_000_123, id: 2, at: 2, message: nil),
                       Self.entry(3, id: 0, at: -5, message: -12)]
        #expect(DesktopNotificationIds.decode(DesktopNotificationIds.encode(entries)) == entries)
        #expect(DesktopNotificationIds.decode(DesktopNotificationIds.encode([])) == [])
    }

    @Test func anythingElseIsNone() {
        let bytes = DesktopNotificationIds.encode([Self.entry(1, id: 1, at: 1)])
        #expect(DesktopNotificationIds.decode(Array(bytes.dropLast())) == nil, "truncated")
        #expect(DesktopNotificationIds.decode(bytes + [0]) == nil, "trailing bytes")
        #expect(DesktopNotificationIds.decode(Array("{\"entries\":[]}".utf8)) == nil, "the earlier JSON")
        var version = bytes
        version[4] = 3
        #expect(DesktopNotificationIds.decode(version) == nil, "another version")
        var count = bytes
        count[8] = 0xFF
        count[11] = 0x7F
        #expect(DesktopNotificationIds.decode(count) == nil, "a count past the limit")
    }

    /// A reader without the lock can read the spare while the next change but one writes over it:
    /// what it reads is the start of one version and the rest of another, each a valid file.
    @Test func aReadTornBetweenTwoVersionsIsNone() {
        let before = DesktopNotificationIds.encode([Self.entry(10, id: 100, at: 1), Self.entry(20, id: 200, at: 2)])
        let after = DesktopNotificationIds.encode([Self.entry(20, id: 300, at: 3), Self.entry(10, id: 400, at: 4)])
        #expect(before.count == after.count)
        for cut in 1 ..< before.count {
            let torn = Array(after[..<cut] + before[cut...])
            guard torn != before, torn != after else { continue }
            #expect(DesktopNotificationIds.decode(torn) == nil, "torn at byte \(cut)")
        }
        var flipped = after
        flipped[20] ^= 0x01
        #expect(DesktopNotificationIds.decode(flipped) == nil, "one bit changed")
    }

    @Test func changesKeepTheNewestChatsAndLeaveNoJSONBehind() throws {
        try withTemporaryDirectory("ids") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            let ids = DesktopNotificationIds(layout: layout)
            try FileSystem.createDirectory(layout.desktopNotificationsPath)
            try AtomicFile.write("{\"entries\":[]}", to: layout.desktopNotificationsPath + "/ids.json")
            for n in 0 ..< DesktopNotificationIds.limit + 3 {
                try ids.record(Self.entry(Int64(n), id: UInt32(n + 1), at: Int64(n)))
            }
            let kept = ids.entries()
            #expect(kept.count == DesktopNotificationIds.limit)
            #expect(Set(kept.map(\.peerId)) == Set((3 ..< Int64(DesktopNotificationIds.limit + 3))))
            #expect(!FileSystem.exists(layout.desktopNotificationsPath + "/ids.json"))
            #expect(try ids.remove { $0.peerId == 5 }.map(\.id) == [6])
            #expect(ids.entry(accountId: -886_461, peerId: 5) == nil && ids.entry(id: 7)?.peerId == 6)
        }
    }
}
