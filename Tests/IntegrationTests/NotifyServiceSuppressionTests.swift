import Foundation
import Testing
import Container
import TestSupport

/// Pushes that show nothing: read elsewhere, muted, and the updates that remove shown
/// notifications (deleted, read), with the chat list's unread counts following the updates.
@Suite("notify-service suppresses and removes")
struct NotifyServiceSuppressionTests {
    @Test("A message read before delivery is suppressed: alreadyRead", .timeLimit(.minutes(5)))
    func alreadyRead() async throws {
        try await withSandbox("ns-already-read") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let text = "read on another device b6Yr"
            let message = try await sandbox.sendPush(peer: chat.peerId, text: text)
            let read = try await sandbox.sendPush(peer: chat.peerId, kind: "read")
            #expect(read.messageId == message.messageId, "the read push does not name the new message")

            let (result, content) = try await sandbox.deliverPush(message.line)
            #expect(result.exitCode == 0, "\(result)")
            #expect(content.status == "suppressed", "\(result)")
            #expect(content.reason == "alreadyRead", "\(result)")
            #expect(content.body == "" && content.title == "" && content.attachments.isEmpty, "\(result)")
            NotifyChecks.expectAbsent([text], in: result, "already read")
        }
    }

    @Test("A message in a muted chat is suppressed: muted", .timeLimit(.minutes(5)))
    func mutedChat() async throws {
        try await withSandbox("ns-muted-chat") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try #require(fixture.chats.first { $0.muted }, "the fixture has no muted chat")
            let text = "in a muted chat d1Vs"
            let (result, content) = try await sandbox.deliverPush(try await sandbox.sendPush(peer: chat.peerId, text: text).line)
            #expect(result.exitCode == 0, "\(result)")
            #expect(content.status == "suppressed", "\(result)")
            #expect(content.reason == "muted", "\(result)")
            #expect(content.body == "" && content.title == "" && content.attachments.isEmpty, "\(result)")
            NotifyChecks.expectAbsent([text], in: result, "muted chat")
        }
    }

    @Test("A MESSAGE_MUTED push (--kind muted) is suppressed: muted", .timeLimit(.minutes(5)))
    func mutedKind() async throws {
        try await withSandbox("ns-muted-kind") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let text = "muted kind words f8Gu"
            let push = try await sandbox.sendPush(peer: chat.peerId, text: text, kind: "muted")
            let (result, content) = try await sandbox.deliverPush(push.line)
            #expect(result.exitCode == 0, "\(result)")
            #expect(content.status == "suppressed", "\(result)")
            #expect(content.reason == "muted", "\(result)")
            #expect(content.body == "" && content.title == "", "\(result)")
            NotifyChecks.expectAbsent([text], in: result, "muted kind")
            // Still a badge update: the message counts as unread.
            let chats = try await sandbox.chatList()
            let row = try #require(chats.first { $0.peerId == chat.peerId })
            #expect(row.unreadCount == chat.unreadCount + 1, "\(row), before: \(chat)")
            #expect(content.badge == NotifyChecks.badge(chats), "\(result)")
        }
    }

    @Test("A MESSAGE_DELETED push removes that message's notification; the unread count drops", .timeLimit(.minutes(5)))
    func deletedKind() async throws {
        try await withSandbox("ns-deleted") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let message = try await sandbox.sendPush(peer: chat.peerId, text: "soon deleted w2Bn")
            let id = try #require(message.messageId)
            let unreadAfterMessage = try #require(try await sandbox.chatList().first { $0.peerId == chat.peerId })
            #expect(unreadAfterMessage.unreadCount == chat.unreadCount + 1 && unreadAfterMessage.topMessageId == id)

            let deleted = try await sandbox.sendPush(peer: chat.peerId, kind: "deleted", extra: ["--message", "\(id)"])
            let (result, content) = try await sandbox.deliverPush(deleted.line)
            #expect(result.exitCode == 0, "\(result)")
            #expect(content.status == "removed", "\(result)")
            let removal = try #require(content.removal, "no removal: \(result)")
            #expect(removal.peerId == chat.peerId, "\(result)")
            #expect(removal.messageIds == [id], "\(result)")
            #expect(removal.upToMessageId == nil, "\(result)")

            let row = try #require(try await sandbox.chatList().first { $0.peerId == chat.peerId })
            #expect(row.unreadCount == chat.unreadCount, "unread count after the deletion: \(row), before the message: \(chat)")
            #expect(row.topMessageId == chat.topMessageId, "the deleted message is still the chat's newest: \(row)")
        }
    }

    @Test("A READ_HISTORY push removes notifications up to a message; the unread count goes to zero", .timeLimit(.minutes(5)))
    func readKind() async throws {
        try await withSandbox("ns-read") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try #require(fixture.chats.first { !$0.muted && $0.unreadCount > 0 }, "no unread chat in the fixture")
            let read = try await sandbox.sendPush(peer: chat.peerId, kind: "read")
            #expect(read.messageId == chat.topMessageId)
            let (result, content) = try await sandbox.deliverPush(read.line)
            #expect(result.exitCode == 0, "\(result)")
            #expect(content.status == "removed", "\(result)")
            let removal = try #require(content.removal, "no removal: \(result)")
            #expect(removal.peerId == chat.peerId, "\(result)")
            #expect(removal.upToMessageId == chat.topMessageId, "\(result)")
            #expect(removal.messageIds == nil, "\(result)")

            let chats = try await sandbox.chatList()
            let row = try #require(chats.first { $0.peerId == chat.peerId })
            #expect(row.unreadCount == 0, "unread after READ_HISTORY: \(row) (was \(chat.unreadCount))")
            #expect(NotifyChecks.badge(chats) == NotifyChecks.badge(fixture.chats) - chat.unreadCount)
            #expect(content.badge == NotifyChecks.badge(chats), "the badge after the read: \(result)")
        }
    }
}
