@testable import TelegramCore
import TelegramApi
import TLSerialization
import Storage
import Testing

/// Updates pushed to the connection: a typing notice is read from them at once; anything else,
/// or anything that does not parse, is left to a catch-up (nil).
@Suite("Pushed updates: typing notices, everything else to getDifference")
struct PushedUpdatesTests {
    static func bytes(_ updates: Api.Updates) -> [UInt8] {
        var writer = TLWriter()
        updates.serialize(to: &writer)
        return writer.bytes
    }

    @Test("updateShort with updateUserTyping, and a cancel, are typing notices")
    func typingNotices() {
        let typing = PushedUpdates.typingOnly(Self.bytes(.updateShort(update: .updateUserTyping(userId: 7, action: .sendMessageTypingAction), date: 1)))
        #expect(typing?.count == 1 && typing?.first?.0 == PeerId(namespace: .cloudUser, id: 7) && typing?.first?.1 == true)
        let cancel = PushedUpdates.typingOnly(Self.bytes(.updateShort(update: .updateUserTyping(userId: 7, action: .sendMessageCancelAction), date: 1)))
        #expect(cancel?.first?.1 == false)
    }

    @Test("Anything else, mixed in or alone, or bytes that are not updates, goes to a catch-up")
    func everythingElse() {
        #expect(PushedUpdates.typingOnly(Self.bytes(.updatesTooLong)) == nil)
        #expect(PushedUpdates.typingOnly(Self.bytes(.updates(updates: [.updateUserTyping(userId: 7, action: .sendMessageTypingAction),
                                                                       .updateDeleteMessages(messages: [1], pts: 2, ptsCount: 1)],
                                                             users: [], chats: [], date: 1, seq: 0))) == nil)
        #expect(PushedUpdates.typingOnly(Self.bytes(.updates(updates: [], users: [], chats: [], date: 1, seq: 0))) == nil)
        #expect(PushedUpdates.typingOnly([1, 2, 3]) == nil)
        #expect(PushedUpdates.typingOnly([]) == nil)
    }

    @Test("A notice shows for a few seconds, and a cancel ends it at once")
    func presence() {
        let presence = AccountPresence()
        let chat = PeerId(namespace: .cloudUser, id: 7)
        #expect(!presence.isTyping(in: chat) && presence.nextExpiry == nil)
        presence.set(chat, typing: true)
        #expect(presence.isTyping(in: chat) && presence.nextExpiry != nil)
        presence.set(chat, typing: false)
        #expect(!presence.isTyping(in: chat) && presence.nextExpiry == nil)
    }
}
