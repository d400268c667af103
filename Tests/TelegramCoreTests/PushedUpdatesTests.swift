@testable import TelegramCore
import TelegramApi
import TLSerialization
import Storage
import Testing

/// Updates pushed to the connection: typing notices read at once; the account's updates applied
/// from their contents when their pts follow the stored state's; a gap, updatesTooLong, a
/// group's short message or bytes that are not updates left to a catch-up.
@Suite("Pushed updates: typing, applied as they come when their pts follow, a gap to getDifference")
struct PushedUpdatesTests {
    static let me = PeerId(namespace: .cloudUser, id: 1_000_001)

    static func bytes(_ updates: Api.Updates) -> [UInt8] {
        var writer = TLWriter()
        updates.serialize(to: &writer)
        return writer.bytes
    }

    static func read(_ updates: Api.Updates) -> PushedUpdates.Reading { PushedUpdates.read(bytes(updates), accountPeer: me) }

    static func batch(_ updates: Api.Updates) -> PushedUpdates.Batch? {
        if case .updates(let batch) = read(updates) { batch } else { nil }
    }

    static func shortMessage(out: Bool, id: Int32, pts: Int32, text: String = "hi") -> Api.Updates {
        .updateShortMessage(out: out, mentioned: false, mediaUnread: false, silent: false, id: id, userId: 1_000_002, message: text, pts: pts,
                            ptsCount: 1, date: 1_700_000_000 + pts, fwdFrom: nil, viaBotId: nil, replyTo: nil, entities: nil, ttlPeriod: nil)
    }

    @Test("updateUserTyping, a cancel and updateUserStatus are live notices")
    func liveNotices() {
        let user = PeerId(namespace: .cloudUser, id: 7)
        guard case .live(let typing) = Self.read(.updateShort(update: .updateUserTyping(userId: 7, action: .sendMessageTypingAction), date: 1)),
              case .live(let cancel) = Self.read(.updateShort(update: .updateUserTyping(userId: 7, action: .sendMessageCancelAction), date: 1)),
              case .live(let statuses) = Self.read(.updates(updates: [.updateUserStatus(userId: 7, status: .userStatusOnline(expires: 500)),
                                                                      .updateUserStatus(userId: 8, status: .userStatusOffline(wasOnline: 400)),
                                                                      .updateUserStatus(userId: 9, status: .userStatusEmpty)],
                                                            users: [], chats: [], date: 1, seq: 0))
        else { Issue.record("not read as live notices"); return }
        #expect(typing == [.typing(user, by: user, true)] && cancel == [.typing(user, by: user, false)])
        #expect(statuses == [.status(user, .online(until: 500)), .status(PeerId(namespace: .cloudUser, id: 8), .lastSeen(400))])
        // Online past its time is last seen then.
        #expect(AccountPresence.UserStatus.online(until: 500).at(499) == .online(until: 500))
        #expect(AccountPresence.UserStatus.online(until: 500).at(500) == .lastSeen(500))
    }

    @Test("A short message is the private message it stands for: the other user's chat, by them or by us")
    func shortMessages() throws {
        for out in [false, true] {
            let batch = try #require(Self.batch(Self.shortMessage(out: out, id: 41, pts: 9, text: "see you at six")))
            #expect(batch.date == 1_700_000_009)
            guard case .updateNewMessage(let api, 9, 1)? = batch.updates.first, batch.updates.count == 1,
                  let message = ServerObjects.message(api, accountPeer: Self.me) else { Issue.record("not one updateNewMessage"); continue }
            #expect(message.id == MessageId(peerId: PeerId(namespace: .cloudUser, id: 1_000_002), id: 41))
            #expect(message.text == "see you at six" && message.isIncoming == !out)
            #expect(message.authorId == (out ? Self.me : PeerId(namespace: .cloudUser, id: 1_000_002)))
        }
    }

    @Test("A group's short message is the group's message, written by its member")
    func shortChatMessage() throws {
        let batch = try #require(Self.batch(.updateShortChatMessage(out: false, mentioned: false, mediaUnread: false, silent: false, id: 9, fromId: 2,
                                                                    chatId: 3, message: "x", pts: 2, ptsCount: 1, date: 1, fwdFrom: nil,
                                                                    viaBotId: nil, replyTo: nil, entities: nil, ttlPeriod: nil)))
        guard case .updateNewMessage(let api, 2, 1)? = batch.updates.first, let message = ServerObjects.message(api, accountPeer: Self.me) else {
            Issue.record("not a new message: \(batch.updates)")
            return
        }
        #expect(message.id == MessageId(peerId: PeerId(namespace: .cloudGroup, id: 3), id: 9) && message.text == "x")
        #expect(message.authorId == PeerId(namespace: .cloudUser, id: 2) && message.isIncoming)
    }

    @Test("updatesTooLong, the answer to a send, and bytes that are not updates go to a catch-up")
    func toCatchUp() {
        func isCatchUp(_ reading: PushedUpdates.Reading) -> Bool { if case .catchUp = reading { true } else { false } }
        #expect(isCatchUp(Self.read(.updatesTooLong)))
        #expect(isCatchUp(Self.read(.updateShortSentMessage(out: true, id: 1, pts: 2, ptsCount: 1, date: 1, media: nil, entities: nil, ttlPeriod: nil))))
        #expect(isCatchUp(PushedUpdates.read([1, 2, 3], accountPeer: Self.me)))
        #expect(isCatchUp(PushedUpdates.read([], accountPeer: Self.me)))
        // Typing beside an update is not typing alone: the batch is applied whole.
        let mixed = Self.batch(.updates(updates: [.updateUserTyping(userId: 7, action: .sendMessageTypingAction),
                                                  .updateDeleteMessages(messages: [1], pts: 2, ptsCount: 1)],
                                        users: [], chats: [], date: 1, seq: 0))
        #expect(mixed?.updates.count == 2)
    }

    @Test("pts that follow are applied, those the state passed are left out, a gap stops it")
    func ptsSequence() throws {
        let state = AccountUpdateState(pts: 10, qts: 0, date: 100, seq: 0)
        let next = try #require(Self.batch(.updates(updates: [.updateDeleteMessages(messages: [1, 2], pts: 12, ptsCount: 2),
                                                               .updateReadHistoryOutbox(peer: .peerUser(userId: 2), maxId: 5, pts: 13, ptsCount: 1),
                                                               .updateUserTyping(userId: 7, action: .sendMessageTypingAction)],
                                                     users: [], chats: [], date: 150, seq: 0)))
        let (taken, reached) = try #require(PushedUpdates.following(next, from: state))
        #expect(taken.count == 3 && reached.pts == 13 && reached.date == 150)

        // Applied already (the answer to our own send moved the state past it): left out.
        let old = try #require(Self.batch(Self.shortMessage(out: true, id: 41, pts: 10)))
        let (none, same) = try #require(PushedUpdates.following(old, from: state))
        #expect(none.isEmpty && same.pts == 10)

        // One missed (pts 11 never came): nothing applied, a catch-up instead.
        let gap = try #require(Self.batch(Self.shortMessage(out: false, id: 42, pts: 12)))
        #expect(PushedUpdates.following(gap, from: state) == nil)
        // Half applied already (pts_count 3 over 10 reaching 12): left out, as Telegram's rule says.
        let partly = try #require(Self.batch(.updateShort(update: .updateDeleteMessages(messages: [1, 2, 3], pts: 12, ptsCount: 3), date: 1)))
        #expect(PushedUpdates.following(partly, from: state)?.0.isEmpty == true)
    }

    @Test("A notice shows for a few seconds, and a cancel ends it at once; in a group it names who types, and another's cancel leaves it")
    func presence() {
        let presence = AccountPresence()
        let chat = PeerId(namespace: .cloudUser, id: 7)
        #expect(presence.typist(in: chat) == nil && presence.nextExpiry == nil)
        presence.set(chat, typist: chat, typing: true)
        #expect(presence.typist(in: chat) == chat && presence.nextExpiry != nil)
        presence.set(chat, typist: chat, typing: false)
        #expect(presence.typist(in: chat) == nil && presence.nextExpiry == nil)

        let group = PeerId(namespace: .cloudGroup, id: 40), grace = PeerId(namespace: .cloudUser, id: 2), linus = PeerId(namespace: .cloudUser, id: 3)
        presence.set(group, typist: grace, typing: true)
        presence.set(group, typist: linus, typing: false)
        #expect(presence.typist(in: group) == grace)
        presence.set(group, typist: grace, typing: false)
        #expect(presence.typist(in: group) == nil)
    }

    @Test("A group's typing notice names the member who types")
    func groupTyping() {
        let inGroup = Api.Updates.updateShort(update: .updateChatUserTyping(chatId: 40, fromId: .peerUser(userId: 2), action: .sendMessageTypingAction), date: 1)
        guard case .live(let notices) = PushedUpdates.read(Self.bytes(inGroup), accountPeer: PeerId(namespace: .cloudUser, id: 1)) else {
            Issue.record("not read as a live notice")
            return
        }
        #expect(notices == [.typing(PeerId(namespace: .cloudGroup, id: 40), by: PeerId(namespace: .cloudUser, id: 2), true)])
    }
}
