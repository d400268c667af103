@testable import Messaging
import Container
import Cryptography
import Storage
import Testing
import TestSupport

/// The account's actions on messages, each one write, by Telegram's rules.
@Suite("MessageActions: edit, delete, forward, react, pin, drafts, read-outbox")
struct MessageActionsTests {
    static let me = PeerId(namespace: .cloudUser, id: 1)
    static let ada = PeerId(namespace: .cloudUser, id: 2)
    static let group = PeerId(namespace: .cloudGroup, id: 3)
    static let channel = PeerId(namespace: .cloudChannel, id: 4)
    static let secret = PeerId(namespace: .secretChat, id: 5)
    static let now: Int32 = 1_700_000_000

    /// An account with Ada's chat (messages 1 in, 2 out), a group, a channel and a secret chat.
    func withAccount(_ name: String, _ body: (MessageActions, Postbox) throws -> Void) throws {
        try withTemporaryDirectory(name) { dir in
            let postbox = try Postbox(layout: ContainerLayout(containerPath: dir.path), accountId: 7,
                                      deviceKey: DeviceKey(bytes: (0 ..< 48).map { UInt8($0 &* 5) }), readOnly: false)
            try postbox.transaction { t in
                try t.setAccountPeerId(Self.me)
                try t.updatePeer(Peer(id: Self.me, firstName: "Me"))
                try t.updatePeer(Peer(id: Self.ada, firstName: "Ada", lastName: "L"))
                try t.updatePeer(Peer(id: Self.group, title: "Group"))
                try t.updatePeer(Peer(id: Self.channel, title: "News"))
                try t.updatePeer(Peer(id: Self.secret, associatedPeerId: Self.ada))
                func m(_ peer: PeerId, _ id: Int32, _ text: String, incoming: Bool, author: PeerId?) -> Message {
                    Message(index: MessageIndex(id: MessageId(peerId: peer, id: id), timestamp: Self.now - 100 + id), authorId: author,
                            text: text, isIncoming: incoming)
                }
                try t.addMessages([
                    m(Self.ada, 1, "hello from ada", incoming: true, author: Self.ada),
                    m(Self.ada, 2, "original words here", incoming: false, author: Self.me),
                    m(Self.group, 1, "group post", incoming: true, author: Self.ada),
                    m(Self.group, 2, "my group post", incoming: false, author: Self.me),
                    m(Self.channel, 1, "channel post", incoming: true, author: nil),
                    m(Self.secret, 1, "secret", incoming: true, author: Self.ada),
                ])
            }
            try body(MessageActions(postbox: postbox, clock: { Self.now }), postbox)
        }
    }

    func search(_ words: String, _ postbox: Postbox) throws -> [Int32] {
        try postbox.read { t in try MessageSearch(text: TextMatcher(words)).run(t).map(\.message.id.id) }
    }

    @Test func editReplacesTextInPlaceAndTheIndexFollows() throws {
        try withAccount("actions-edit") { actions, postbox in
            let id = MessageId(peerId: Self.ada, id: 2)
            let edited = try actions.edit(id, text: "revised sentence", entities: [MessageTextEntity(type: "bold", offset: 0, length: 7)])
            #expect(edited.text == "revised sentence")
            #expect(edited.extras.editTimestamp == Self.now)
            #expect(edited.index.id == id)
            #expect(try search("revised", postbox) == [2])
            #expect(try search("original", postbox).isEmpty)
            // The chat list's top message is still that message, and nothing was counted twice.
            #expect(try postbox.read { try $0.chatListKey(Self.ada)?.topMessage.id } == id)
            #expect(try postbox.read { try $0.counters().messageCount } == 6)
        }
    }

    @Test func editFollowsTelegramsRules() throws {
        try withAccount("actions-edit-rules") { actions, postbox in
            #expect(throws: MessageActionRefusal.self) { try actions.edit(MessageId(peerId: Self.ada, id: 1), text: "not mine") }
            #expect(throws: MessageActionRefusal.self) { try actions.edit(MessageId(peerId: Self.ada, id: 2), text: "  ") }
            // 48 hours after sending: refused, saying so.
            let late = MessageActions(postbox: actions.postbox, clock: { Self.now + 48 * 3600 })
            #expect(throws: MessageActionRefusal("Telegram allows editing a message for 48 hours after it was sent (except in Saved Messages)")) {
                try late.edit(MessageId(peerId: Self.ada, id: 2), text: "too late")
            }
            // Saved Messages has no limit.
            let saved = try actions.send(text: "note to self", to: Self.me)
            #expect(try late.edit(saved[0], text: "still editable").text == "still editable")
        }
    }

    @Test func deleteOptionsAreTelegrams() throws {
        try withAccount("actions-delete-options") { actions, _ in
            func options(_ peer: PeerId, _ id: Int32) throws -> DeleteOptions { try actions.deleteOptions(for: [MessageId(peerId: peer, id: id)]) }
            #expect(try options(Self.ada, 1) == DeleteOptions(forMe: true, forEveryone: true))
            #expect(try options(Self.group, 1) == DeleteOptions(forMe: true, forEveryone: false))
            #expect(try options(Self.group, 2) == DeleteOptions(forMe: true, forEveryone: true))
            #expect(try options(Self.channel, 1).isEmpty)
            #expect(try options(Self.secret, 1) == DeleteOptions(forMe: false, forEveryone: true))
            let saved = try actions.send(text: "note", to: Self.me)
            #expect(try actions.deleteOptions(for: saved) == DeleteOptions(forMe: true, forEveryone: false))
            // Together: what both allow.
            #expect(try actions.deleteOptions(for: [MessageId(peerId: Self.group, id: 1), MessageId(peerId: Self.group, id: 2)])
                    == DeleteOptions(forMe: true, forEveryone: false))
            #expect(throws: MessageActionRefusal.self) { try actions.delete([MessageId(peerId: Self.channel, id: 1)], scope: .forMe) }
        }
    }

    /// The server's word on the account's place in a group or channel decides what it may do to
    /// others' messages: an admin who deletes, or the creator, deletes any for everyone; a
    /// broadcast channel's subscriber may not pin.
    @Test func rightsFromTheServerDecideDeletingAndPinning() throws {
        try withAccount("actions-rights") { actions, postbox in
            func options(_ peer: PeerId, _ id: Int32) throws -> DeleteOptions { try actions.deleteOptions(for: [MessageId(peerId: peer, id: id)]) }
            func setRights(_ peer: PeerId, _ rights: PeerRights) throws {
                try postbox.transaction { t in
                    var stored = try #require(try t.peer(peer))
                    stored.rights = rights
                    try t.updatePeer(stored)
                }
            }
            try setRights(Self.channel, [.broadcast, .cannotPost, .cannotPin])
            #expect(try options(Self.channel, 1).isEmpty)
            #expect(throws: MessageActionRefusal("Only the channel's admins can post here")) {
                try actions.setPinned(MessageId(peerId: Self.channel, id: 1), pinned: true)
            }
            try setRights(Self.channel, [.broadcast, .deletesMessages])
            #expect(try options(Self.channel, 1) == DeleteOptions(forMe: false, forEveryone: true))
            #expect(throws: Never.self) { try actions.setPinned(MessageId(peerId: Self.channel, id: 1), pinned: true) }
            try setRights(Self.group, [.creator, .deletesMessages])
            #expect(try options(Self.group, 1) == DeleteOptions(forMe: true, forEveryone: true))
            try setRights(Self.group, [.cannotPin])
            #expect(throws: MessageActionRefusal("Members cannot pin messages in this group")) {
                try actions.setPinned(MessageId(peerId: Self.group, id: 1), pinned: true)
            }
            #expect(try options(Self.group, 1) == DeleteOptions(forMe: true, forEveryone: false))
        }
    }

    @Test func deletingTheNewestMovesTheChatListAndLeavesSearch() throws {
        try withAccount("actions-delete") { actions, postbox in
            let result = try actions.delete([MessageId(peerId: Self.ada, id: 2)], scope: .forEveryone)
            #expect(result == DeletedMessages(ids: [MessageId(peerId: Self.ada, id: 2)], scope: .forEveryone))
            #expect(try postbox.read { try $0.chatListKey(Self.ada)?.topMessage.id.id } == 1)
            #expect(try search("original", postbox).isEmpty)
        }
    }

    @Test func longTextGoesAsSeveralMessagesInOrderNothingCut() throws {
        try withAccount("actions-long-send") { actions, postbox in
            let paragraph = String(repeating: "word ", count: 500) + "\n\n"  // 2,502 characters
            let text = String(repeating: paragraph, count: 8)  // 20,016
            let ids = try actions.send(text: text, replyTo: MessageReply(id: 1), to: Self.ada)
            #expect(ids.count == 8)
            let messages = try postbox.read { t in try ids.map { try #require(try t.message($0)) } }
            #expect(messages.map(\.text).joined() == text)
            #expect(messages.allSatisfy { $0.text.utf16.count <= 4096 && $0.text.hasSuffix("\n\n") })
            #expect(messages[0].extras.replyTo == MessageReply(id: 1))
            #expect(messages.dropFirst().allSatisfy { $0.extras.replyTo == nil })
            #expect(ids.map(\.id) == Array(3...10))
        }
    }

    @Test func forwardCarriesTheFirstOrigin() throws {
        try withAccount("actions-forward") { actions, postbox in
            let copies = try actions.forward([MessageId(peerId: Self.ada, id: 1), MessageId(peerId: Self.channel, id: 1)], to: Self.group)
            let first = try #require(try postbox.read { try $0.message(copies[0]) })
            #expect(first.extras.forward == MessageForward(from: "Ada L", fromId: Self.ada, date: Self.now - 99))
            #expect(!first.isIncoming && first.text == "hello from ada")
            let second = try #require(try postbox.read { try $0.message(copies[1]) })
            #expect(second.extras.forward?.from == "News")
            // Forwarded again: still Ada's.
            let again = try actions.forward([copies[0]], to: Self.me)
            #expect(try postbox.read { try $0.message(again[0]) }?.extras.forward?.fromId == Self.ada)
            #expect(throws: MessageActionRefusal.self) { try actions.forward([MessageId(peerId: Self.ada, id: 1)], to: Self.secret) }
        }
    }

    @Test func oneOwnReactionChosenAgainRemoved() throws {
        try withAccount("actions-react") { actions, postbox in
            let id = MessageId(peerId: Self.ada, id: 1)
            _ = try postbox.transaction { t in
                try t.updateMessage(id) { $0.extras.reactions = [MessageReaction(emoji: "👍", count: 2)] }
            }
            #expect(try actions.toggleReaction("👍", on: id) == [MessageReaction(emoji: "👍", count: 3, chosenOrder: 0)])
            // Another replaces it ("❤️" typed with its variation selector is Telegram's "❤").
            #expect(try actions.toggleReaction("❤️", on: id)
                    == [MessageReaction(emoji: "👍", count: 2), MessageReaction(emoji: "❤", count: 1, chosenOrder: 0)])
            #expect(try actions.toggleReaction("❤", on: id) == [MessageReaction(emoji: "👍", count: 2)])
            #expect(throws: MessageActionRefusal.self) { try actions.toggleReaction("🦖", on: id) }
        }
    }

    @Test func pinAddsTelegramsServiceLineAndTheTopPin() throws {
        try withAccount("actions-pin") { actions, postbox in
            let id = MessageId(peerId: Self.ada, id: 2)
            let service = try #require(try actions.setPinned(id, pinned: true))
            let line = try #require(try postbox.read { try $0.message(service) })
            #expect(line.text == "You pinned \"original words ...\"")
            #expect(line.extras.service?.integer("message_id") == 2)
            #expect(try actions.pinnedMessage(of: Self.ada)?.id == id)
            // Pinning again adds no second line; unpinning clears it.
            #expect(try actions.setPinned(id, pinned: true) == nil)
            #expect(try actions.setPinned(id, pinned: false) == nil)
            #expect(try actions.pinnedMessage(of: Self.ada) == nil)
            // A deleted message leaves the pins.
            try actions.setPinned(MessageId(peerId: Self.ada, id: 1), pinned: true)
            try actions.delete([MessageId(peerId: Self.ada, id: 1)], scope: .forMe)
            #expect(try postbox.read { try $0.pinnedMessages(Self.ada) } == PinnedMessages())
        }
    }

    @Test func draftsLastAndSendingClearsThem() throws {
        try withAccount("actions-draft") { actions, _ in
            try actions.saveDraft(Self.ada, text: "half a thought", entities: [MessageTextEntity(type: "italic", offset: 0, length: 4)],
                                  replyTo: MessageReply(id: 1))
            #expect(try actions.draft(of: Self.ada)
                    == ChatDraft(text: "half a thought", entities: [MessageTextEntity(type: "italic", offset: 0, length: 4)],
                                 replyTo: MessageReply(id: 1), timestamp: Self.now))
            try actions.saveDraft(Self.ada, text: "")
            #expect(try actions.draft(of: Self.ada) == nil)
            try actions.saveDraft(Self.ada, text: "again")
            try actions.send(text: "sent", to: Self.ada)
            #expect(try actions.draft(of: Self.ada) == nil)
        }
    }

    @Test func outboxReadMovesForwardOnly() throws {
        try withAccount("actions-outbox") { actions, postbox in
            let moved = try actions.markOutboxRead(Self.ada, upTo: 2)
            let movedBack = try actions.markOutboxRead(Self.ada, upTo: 1)
            #expect(moved && !movedBack)
            #expect(try postbox.read { try $0.readState(Self.ada)?.maxOutgoingReadId } == 2)
        }
    }
}
