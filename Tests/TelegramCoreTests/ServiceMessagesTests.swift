import Container
import Cryptography
import Storage
import TelegramApi
@testable import TelegramCore
import Testing
import TestSupport

/// Service messages from the server (a group made, a member added or gone, a pin, a call) are
/// stored with their action, named as Telegram Desktop's export names it, and the line they show
/// as their text, its people named from the Postbox: the same lines an imported chat shows.
@Suite("Service messages from the server: stored with their action and their line")
struct ServiceMessagesTests {
    static let me = PeerId(namespace: .cloudUser, id: 1_000_001)
    static let grace = PeerId(namespace: .cloudUser, id: 1_000_002)
    static let linus = PeerId(namespace: .cloudUser, id: 1_000_003)
    static let group = PeerId(namespace: .cloudGroup, id: 4_000_001)
    static let news = PeerId(namespace: .cloudChannel, id: 3_000_001)
    static let crowd = PeerId(namespace: .cloudChannel, id: 3_000_002)

    static func service(_ action: Api.MessageAction, id: Int32 = 5, out: Bool = false, from: Int64? = 1_000_002,
                        replyTo: Int32? = nil, in chat: Api.Peer = .peerChat(chatId: 4_000_001)) -> Api.Message {
        .messageService(out: out, mentioned: false, mediaUnread: false, reactionsArePossible: false, silent: false, post: false, legacy: false,
                        id: id, fromId: from.map { .peerUser(userId: $0) }, peerId: chat, savedPeerId: nil,
                        replyTo: replyTo.map { .messageReplyHeader(replyToScheduled: false, forumTopic: false, quote: false, replyToMsgId: $0,
                                                                   replyToPeerId: nil, replyFrom: nil, replyMedia: nil, replyToTopId: nil,
                                                                   quoteText: nil, quoteEntities: nil, quoteOffset: nil, todoItemId: nil) },
                        date: 1_700_000_100, action: action, reactions: nil, ttlPeriod: nil)
    }

    /// Each message stored as a sync stores it (users first, then the messages, named), read back.
    static func stored(_ messages: [Api.Message]) throws -> [Message] {
        try withTemporaryDirectory("service-messages") { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 1,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0) }), readOnly: false)
            return try postbox.transaction { t in
                try t.setAccountPeerId(me)
                try t.updatePeer(Peer(id: grace, firstName: "Grace", lastName: "Hopper"))
                try t.updatePeer(Peer(id: linus, firstName: "Linus", lastName: "Torvalds"))
                try t.updatePeer(Peer(id: group, title: "Compilers"))
                var news = Peer(id: news, title: "News")
                news.rights = [.broadcast, .creator]
                try t.updatePeer(news)
                try t.updatePeer(Peer(id: crowd, title: "Crowd"))
                try t.addMessages([Message(index: MessageIndex(id: MessageId(peerId: group, id: 2), timestamp: 1_700_000_000), authorId: grace,
                                           text: "Has anyone read the dragon book?", isIncoming: true)])
                let named = try messages.compactMap { ServerObjects.message($0, accountPeer: me) }.map { try ServerObjects.named($0, in: t) }
                try t.addMessages(named)
                return try named.map { try #require(try t.message($0.id)) }
            }
        }
    }

    @Test("Lines as Telegram words them, people named, the account as You")
    func lines() throws {
        let messages = try Self.stored([
            Self.service(.messageActionChatCreate(title: "Compilers", users: [1_000_002, 1_000_001, 1_000_003]), id: 1),
            Self.service(.messageActionChatAddUser(users: [1_000_003, 1_000_001]), id: 3),
            Self.service(.messageActionChatDeleteUser(userId: 1_000_003), id: 4, from: 1_000_003),
            Self.service(.messageActionChatDeleteUser(userId: 1_000_003), id: 5),
            Self.service(.messageActionPinMessage, id: 6, replyTo: 2),
            Self.service(.messageActionPinMessage, id: 7, replyTo: 999),
            Self.service(.messageActionChatEditTitle(title: "Compilers II"), id: 8, out: true, from: nil),
            Self.service(.messageActionPhoneCall(video: false, callId: 1, reason: .phoneCallDiscardReasonHangup, duration: 42), id: 9),
            Self.service(.messageActionBoostApply(boosts: 2), id: 10),
            Self.service(.messageActionCustomAction(message: "Welcome to the group"), id: 11),
            Self.service(.messageActionChatAddUser(users: [1_000_009]), id: 12),
            Self.service(.messageActionChannelCreate(title: "News"), id: 1, from: nil, in: .peerChannel(channelId: 3_000_001)),
            Self.service(.messageActionChannelCreate(title: "Crowd"), id: 1, out: true, from: nil, in: .peerChannel(channelId: 3_000_002)),
            Self.service(.messageActionChatAddUser(users: [1_000_001]), id: 13, out: true, from: 1_000_001),
            Self.service(.messageActionChatDeleteUser(userId: 1_000_001), id: 14, out: true, from: 1_000_001),
        ])
        #expect(messages.map(\.text) == [
            "Grace Hopper created the group «Compilers»",
            "Grace Hopper added Linus Torvalds, you",
            "Linus Torvalds left the group",
            "Grace Hopper removed Linus Torvalds",
            "Grace Hopper pinned \"Has anyone read...\"",
            "Grace Hopper pinned a message",
            "You changed the group name to «Compilers II»",
            "Call (hangup), 42 s",
            "Grace Hopper: boost apply",
            "Welcome to the group",
            "Grace Hopper added a user",
            "Channel created «News»",
            "Group created «Crowd»",
            "You joined the group",
            "You left the group",
        ])
        #expect(messages.allSatisfy { $0.extras.isService })
        #expect(messages[0].extras.service?.action == "create_group" && messages[0].extras.service?.list("members") == ["Grace Hopper", "you", "Linus Torvalds"])
        #expect(messages[0].extras.service?.text("member_ids") == "1000002,1000001,1000003", "the ids stay beside the names")
        #expect(messages[4].extras.replyTo?.id == 2 && messages[4].extras.service?.action == "pin_message")
        #expect(messages[6].authorId == Self.me && !messages[6].isIncoming && messages[1].isIncoming)
        #expect(messages[7].extras.service?.integer("duration_seconds") == 42 && messages[7].extras.service?.text("discard_reason") == "hangup")
    }

    @Test("An empty action is no message; a constructor's name reads as words")
    func emptyAndNamed() {
        #expect(ServerObjects.message(Self.service(.messageActionEmpty), accountPeer: Self.me) == nil)
        #expect(ServerServiceActions.constructorName(.messageActionBoostApply(boosts: 1)) == "boost_apply")
        #expect(ServerServiceActions.constructorName(.messageActionGiveawayLaunch(stars: nil)) == "giveaway_launch")
    }
}
