import Container
import Cryptography
import Foundation
import Storage
@testable import TelegramCore
import Testing
import TestSupport

/// The chat list's pins and mutes made here: the newest pin leads, a sixth is refused with
/// Telegram's limit and changes nothing, unpinning and unmuting undo them, each change is one
/// operation for the server of an account that has one (none for an offline account), and the
/// account's connection hears of each.
@Suite("Engine: chats pinned and muted from the list")
struct ChatListSettingsTests {
    static let chats = (2 ... 7).map { PeerId(namespace: .cloudUser, id: Int64($0)) }

    static func withPostbox(server: Bool, _ body: (Postbox) throws -> Void) throws {
        try withTemporaryDirectory("chat-list-settings") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0) }), readOnly: false)
            try postbox.transaction { t in
                if server { try t.setKeychainEntry(PostboxTransaction.accountServerKeychainName, Array("{}".utf8)) }
                try t.addMessages(chats.enumerated().map { n, chat in
                    Message(index: MessageIndex(id: MessageId(peerId: chat, id: 1), timestamp: 1_700_000_000 + Int32(n)), authorId: chat,
                            text: "hi", isIncoming: true)
                })
            }
            try body(postbox)
        }
    }

    @Test func pinsLeadUpToTheLimitAndEachGoesToTheServer() throws {
        try Self.withPostbox(server: true) { postbox in
            let told = Counter()
            let list = TelegramEngine(postbox: postbox, changesForServer: { told.add() }).chatList
            for chat in Self.chats.prefix(5) { #expect(try list.togglePinned(chat)) }
            #expect(try postbox.read { try $0.pinnedChats() } == Self.chats.prefix(5).reversed())
            #expect(throws: TelegramEngine.ChatList.TooManyPinned.self) { try list.togglePinned(Self.chats[5]) }
            #expect(try postbox.read { try $0.pinnedChats() }.count == 5, "a refused pin changes nothing")
            #expect(try !list.togglePinned(Self.chats[0]))
            #expect(try postbox.read { try $0.pinnedChats() } == Self.chats[1 ..< 5].reversed())

            #expect(try list.toggleMuted(Self.chats[2], now: 100))
            #expect(try postbox.read { try $0.notificationSettings(Self.chats[2])?.muteUntil } == Int32.max)
            #expect(try !list.toggleMuted(Self.chats[2], now: 100))
            #expect(try postbox.read { try $0.notificationSettings(Self.chats[2])?.muteUntil } == 0)

            let operations = try postbox.read { try $0.serverOperations() }.map(\.operation)
            #expect(operations == Self.chats.prefix(5).map { .pinChat($0, pinned: true) }
                + [.pinChat(Self.chats[0], pinned: false), .muteChat(Self.chats[2]), .muteChat(Self.chats[2])])
            #expect(told.value == 8, "the connection hears of each change, not of the refused one")
        }
    }

    @Test func anOfflineAccountKeepsThemHere() throws {
        try Self.withPostbox(server: false) { postbox in
            let list = TelegramEngine(postbox: postbox).chatList
            let (pinned, muted) = (try list.togglePinned(Self.chats[3]), try list.toggleMuted(Self.chats[3], now: 100))
            #expect(pinned && muted)
            #expect(try postbox.read { try $0.pinnedChats() } == [Self.chats[3]])
            #expect(try postbox.read { try $0.serverOperations() }.isEmpty)
        }
    }
}

/// Counts calls from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
