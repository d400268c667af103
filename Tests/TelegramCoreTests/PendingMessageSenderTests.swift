import MTProtoKit
import Storage
import TelegramApi
@testable import TelegramCore
import Testing

/// Reading the server's answer to messages.sendMessage, and the formatting a message takes to
/// the server and back.
@Suite("TelegramCore: a sent message's answer and its entities")
struct PendingMessageSenderTests {
    private static func message(id: Int32, date: Int32, text: String) -> Api.Message {
        .message(out: true, mentioned: false, mediaUnread: false, silent: false, post: false, fromScheduled: false, legacy: false,
                 editHide: false, pinned: false, noforwards: false, invertMedia: false, offline: false, videoProcessingPending: false,
                 paidSuggestedPostStars: false, paidSuggestedPostTon: false, id: id, fromId: nil, fromBoostsApplied: nil,
                 peerId: .peerUser(userId: 1_000_002), savedPeerId: nil, fwdFrom: nil, viaBotId: nil, viaBusinessBotId: nil, replyTo: nil,
                 date: date, message: text, media: nil, replyMarkup: nil, entities: nil, views: nil, forwards: nil, replies: nil,
                 editDate: nil, postAuthor: nil, groupedId: nil, reactions: nil, restrictionReason: nil, ttlPeriod: nil,
                 quickReplyShortcutId: nil, effect: nil, factcheck: nil, reportDeliveryUntilDate: nil, paidMessageStars: nil,
                 suggestedPost: nil)
    }

    @Test func theShortAnswerGivesIdDateAndPts() {
        let answer = Api.Updates.updateShortSentMessage(out: true, id: 41, pts: 90, ptsCount: 1, date: 1_700_000_100, media: nil,
                                                         entities: nil, ttlPeriod: nil)
        #expect(PendingMessageSender.sentMessage(in: answer, randomId: 7) == .init(id: 41, date: 1_700_000_100, pts: 90, ptsCount: 1))
    }

    @Test func aFullAnswerIsMatchedByItsRandomId() {
        let updates: [Api.Update] = [
            .updateMessageID(id: 40, randomId: 6),
            .updateMessageID(id: 41, randomId: 7),
            .updateNewMessage(message: Self.message(id: 40, date: 1_700_000_050, text: "other"), pts: 89, ptsCount: 1),
            .updateNewMessage(message: Self.message(id: 41, date: 1_700_000_060, text: "mine"), pts: 90, ptsCount: 1),
        ]
        let answer = Api.Updates.updates(updates: updates, users: [], chats: [], date: 1_700_000_999, seq: 0)
        #expect(PendingMessageSender.sentMessage(in: answer, randomId: 7) == .init(id: 41, date: 1_700_000_060, pts: 90, ptsCount: 1))
        // No updateMessageID for it: no answer to move the message by.
        #expect(PendingMessageSender.sentMessage(in: answer, randomId: 8) == nil)
        #expect(PendingMessageSender.sentMessage(in: .updatesTooLong, randomId: 7) == nil)
    }

    @Test func onlyA400Or403IsARefusal() {
        #expect(PendingMessageSender.isPermanent(RPCError(code: 400, message: "PEER_ID_INVALID")))
        #expect(PendingMessageSender.isPermanent(RPCError(code: 403, message: "CHAT_WRITE_FORBIDDEN")))
        #expect(!PendingMessageSender.isPermanent(RPCError(code: 420, message: "FLOOD_WAIT_3")))
        #expect(!PendingMessageSender.isPermanent(RPCError(code: 500, message: "INTERNAL")))
        #expect(!PendingMessageSender.isPermanent(RPCError(code: 303, message: "NETWORK_MIGRATE_4")))
    }

    @Test func formattingGoesToTheServerAndComesBack() {
        let entities = [MessageTextEntity(type: "bold", offset: 0, length: 4), MessageTextEntity(type: "text_link", offset: 5, length: 3, value: "https://t.me"),
                        MessageTextEntity(type: "pre", offset: 9, length: 2, value: "swift"), MessageTextEntity(type: "spoiler", offset: 12, length: 1),
                        MessageTextEntity(type: "strikethrough", offset: 14, length: 1), MessageTextEntity(type: "italic", offset: 16, length: 1),
                        MessageTextEntity(type: "code", offset: 18, length: 1)]
        let api = ServerEntities.api(entities)
        #expect(api?.count == entities.count)
        #expect(ServerEntities.stored(api) == entities)
        // Kinds the server finds in the text itself are not sent.
        #expect(ServerEntities.api([MessageTextEntity(type: "mention", offset: 0, length: 4)]) == nil)
    }
}

@Suite("A server's refusal of a message")
struct SendRefusalTests {
    @Test func inWordsWithTheCodeAndWhetherItIsAboutRights() {
        let forbidden = RPCError(code: 403, message: "CHAT_WRITE_FORBIDDEN")
        #expect(SendRefusal.text(forbidden) == "you cannot write in this chat (CHAT_WRITE_FORBIDDEN)")
        #expect(SendRefusal.isAboutRights(forbidden))
        let unknown = RPCError(code: 400, message: "SOMETHING_NEW")
        #expect(SendRefusal.text(unknown) == "SOMETHING_NEW" && !SendRefusal.isAboutRights(unknown))
        #expect(!SendRefusal.isAboutRights(RPCError(code: 400, message: "MESSAGE_TOO_LONG")))
    }
}

@Suite("The pts an operation's answer takes")
struct OperationAnswerStepsTests {
    static let message = Api.Message.messageEmpty(id: 7, peerId: .peerChannel(channelId: 42))

    @Test func editsReactionsPinsAndDeletionsOfTheAccountAndOfAChannel() {
        let reaction = Api.Updates.updates(updates: [.updateEditMessage(message: .messageEmpty(id: 7, peerId: nil), pts: 11, ptsCount: 1),
                                                     .updateMessageReactions(peer: .peerUser(userId: 5), msgId: 7, topMsgId: nil, savedPeerId: nil,
                                                                             reactions: .messageReactions(min: false, canSeeList: false,
                                                                                                          reactionsAsTags: false, results: [],
                                                                                                          recentReactions: nil, topReactors: nil))],
                                           users: [], chats: [], date: 0, seq: 0)
        #expect(ServerOperationSender.steps(in: reaction) == [.init(pts: 11, count: 1)])
        let channelEdit = Api.Updates.updates(updates: [.updateEditChannelMessage(message: Self.message, pts: 30, ptsCount: 1)],
                                              users: [], chats: [], date: 0, seq: 0)
        #expect(ServerOperationSender.steps(in: channelEdit) == [.init(pts: 30, count: 1, channel: PeerId(namespace: .cloudChannel, id: 42))])
        let pin = Api.Updates.updateShort(update: .updatePinnedMessages(pinned: true, peer: .peerUser(userId: 5), messages: [7], pts: 12, ptsCount: 1),
                                          date: 0)
        #expect(ServerOperationSender.steps(in: pin) == [.init(pts: 12, count: 1)])
        #expect(ServerOperationSender.steps(in: .updatesTooLong).isEmpty)
        // Telegram's answer to a pin carries its service message first: that step is the push's
        // (or the difference's) to take, so the stored pts does not pass a message never stored.
        let service = Api.Message.messageService(out: true, mentioned: false, mediaUnread: false, reactionsArePossible: false, silent: false,
                                                 post: false, legacy: false, id: 8, fromId: nil, peerId: .peerUser(userId: 5), savedPeerId: nil,
                                                 replyTo: nil, date: 0, action: .messageActionPinMessage, reactions: nil, ttlPeriod: nil)
        let pinWithService = Api.Updates.updates(updates: [.updateNewMessage(message: service, pts: 12, ptsCount: 1),
                                                           .updatePinnedMessages(pinned: true, peer: .peerUser(userId: 5), messages: [7], pts: 13, ptsCount: 1)],
                                                 users: [], chats: [], date: 0, seq: 0)
        #expect(ServerOperationSender.steps(in: pinWithService) == [.init(pts: 13, count: 1)])
    }
}
