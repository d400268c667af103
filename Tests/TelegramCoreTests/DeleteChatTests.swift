import Container
import Cryptography
import Storage
@testable import TelegramCore
import Testing
import TestSupport

/// Telegram's choices for taking a chat from the list, by its kind, and what each does here and
/// records for the server: a private chat deleted (for both) or cleared, up to its newest message;
/// a basic group deleted and left (its history first) or cleared; a channel left (its row goes,
/// it is marked left, its history stays); a group or channel left, deleted here alone; an offline
/// account's chats are deleted or cleared here alone.
@Suite("Engine: a chat deleted, cleared or left")
struct DeleteChatTests {
    static let grace = PeerId(namespace: .cloudUser, id: 1_000_002)
    static let group = PeerId(namespace: .cloudGroup, id: 4_000_001)
    static let channel = PeerId(namespace: .cloudChannel, id: 3_000_001)
    static let news = PeerId(namespace: .cloudChannel, id: 3_000_002)

    static func withEngine(server: Bool, _ body: (TelegramEngine, Postbox) throws -> Void) throws {
        try withTemporaryDirectory("delete-chat") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0) }), readOnly: false)
            try postbox.transaction { t in
                if server { try t.setKeychainEntry(PostboxTransaction.accountServerKeychainName, Array("{}".utf8)) }
                try t.updatePeer(Peer(id: grace, firstName: "Grace", lastName: "Hopper"))
                try t.updatePeer(Peer(id: group, title: "Engine Club"))
                var supergroup = Peer(id: channel, title: "Crowd")
                supergroup.rights = [.creator]
                try t.updatePeer(supergroup)
                var broadcast = Peer(id: news, title: "News")
                broadcast.rights = [.broadcast, .cannotPost]
                try t.updatePeer(broadcast)
                for (n, peer) in [grace, group, channel, news].enumerated() {
                    try t.addMessages((1 ... 3).map { id in
                        Message(index: MessageIndex(id: MessageId(peerId: peer, id: Int32(10 * n) + id), timestamp: 1_700_000_000 + Int32(10 * n) + id),
                                authorId: peer, text: "m", isIncoming: true)
                    })
                }
            }
            try body(TelegramEngine(postbox: postbox), postbox)
        }
    }

    @Test func choicesByKindAndWhatEachRecords() throws {
        try Self.withEngine(server: true) { engine, postbox in
            let list = engine.chatList
            #expect(try list.deleteChoices(Self.grace).map(\.title) == ["Delete chat", "Delete chat for me and Grace", "Clear history"])
            #expect(try list.deleteChoices(Self.group).map(\.title) == ["Delete and leave group", "Clear history"])
            #expect(try list.deleteChoices(Self.channel) == [.leave(broadcast: false)])
            #expect(try list.deleteChoices(Self.news).map(\.title) == ["Leave channel"])

            try list.delete(Self.grace, .deleteForBoth(name: "Grace"))
            try list.delete(Self.group, .deleteAndLeave)
            try list.delete(Self.news, .leave(broadcast: true))
            #expect(try postbox.read { try $0.serverOperations() }.map(\.operation) == [
                .deleteHistory(Self.grace, maxId: 3, revoke: true, justClear: false),
                .deleteHistory(Self.group, maxId: 13, revoke: false, justClear: false), .leaveGroup(Self.group),
                .leaveChannel(Self.news),
            ])
            #expect(try postbox.read { t in (try t.chatListKey(Self.grace), try t.chatListKey(Self.group), try t.chatListKey(Self.news)) }
                == (nil, nil, nil))
            #expect(try list.deleteChoices(Self.group) == [.delete], "a group left can only go")
            try list.delete(Self.channel, .leave(broadcast: false))
            try postbox.transaction { t in for op in try t.serverOperations() { try t.removeServerOperation(op.key) } }
            // Cleared: only the history, for the account.
            try postbox.transaction { t in
                try t.addMessages([Message(index: MessageIndex(id: MessageId(peerId: Self.grace, id: 50), timestamp: 1_700_000_100), authorId: Self.grace,
                                           text: "back", isIncoming: true)])
            }
            try list.delete(Self.grace, .clear)
            #expect(try postbox.read { try $0.serverOperations() }.map(\.operation) == [.deleteHistory(Self.grace, maxId: 50, revoke: false, justClear: true)])
            #expect(try postbox.read { try $0.chatListKey(Self.grace) } != nil, "cleared, the row stays")
            #expect(try postbox.read { try $0.peer(Self.news)?.rights.contains(.left) } == true)
            #expect(try postbox.read { try $0.historyMessages(Self.news, before: nil, limit: 10).count } == 3, "left, its history stays")
            #expect(try list.deleteChoices(Self.news) == [.delete], "a channel left can only go")
        }
    }

    @Test func anOfflineAccountDeletesHereAlone() throws {
        try Self.withEngine(server: false) { engine, postbox in
            #expect(try engine.chatList.deleteChoices(Self.grace) == [.delete, .clear])
            try engine.chatList.delete(Self.grace, .delete)
            #expect(try postbox.read { try $0.serverOperations() }.isEmpty)
            #expect(try postbox.read { t in (try t.chatListKey(Self.grace), try t.historyMessages(Self.grace, before: nil, limit: 10).count) } == (nil, 0))
        }
    }
}
