import Foundation
import Testing
import Container
import Cryptography
import Storage
import TestSupport

/// The notification service's main path, across real processes: `main push` plays the push server
/// and writes the message into the Postbox, `notify-service` decrypts, enriches from the Postbox
/// (read-only) and attaches the sender's avatar from the MediaBox.
@Suite("notify-service delivers main's pushes")
struct NotifyServiceDeliveryTests {
    enum ChatKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case user, group, channel, secret
        var testDescription: String { rawValue }

        /// The userInfo key naming the chat by its raw id.
        var idKey: String {
            switch self {
            case .user: return "from_id"
            case .group: return "chat_id"
            case .channel: return "channel_id"
            case .secret: return "encryption_id"
            }
        }

        static let allIdKeys = ["from_id", "chat_id", "channel_id", "encryption_id"]
    }

    @Test("main push | notify-service --json: content, ids, badge and avatar per kind of chat",
          .timeLimit(.minutes(5)), arguments: ChatKind.allCases)
    func roundTrip(_ kind: ChatKind) async throws {
        try await withSandbox("ns-roundtrip-\(kind.rawValue)") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            // A muted chat with unread messages, so a badge that counted muted chats would be off.
            let muted = try #require(fixture.chats.first { $0.muted }, "the fixture has no muted chat")
            _ = try await sandbox.sendPush(peer: muted.peerId, text: "quiet words in a muted chat", kind: "muted")

            let chat = try fixture.chat(kind.rawValue)
            let text = "Round trip \(kind.rawValue) text q7Zk"
            var author: NotifyChatRow?
            var extra: [String] = []
            if kind == .group {
                author = try fixture.chat("user", skipping: 1)
                extra = ["--from", "\(author!.peerId)"]
            }
            let line = try await sandbox.sendPushLine(peer: chat.peerId, text: text, extra: extra)
            #expect(!line.contains(text), "the push as the device receives it carries the text in plain: \(line)")

            // Decrypted with the registered secret, the payload carries the text (secret chats: never).
            let secret = try #require(try await sandbox.pushRegistration().secretBytes)
            let envelope = try #require(NotifyPushJSON.object(line), "main push did not print a JSON object: \(line)")
            let p = try #require(NotifyBase64URL.decode(envelope["p"] as? String ?? ""), "p is not base64url: \(line)")
            let plaintext = String(decoding: try NotificationPayloadCipher(secret: secret).decrypt(p), as: UTF8.self)
            if kind == .secret {
                #expect(!plaintext.contains(text), "a secret chat's text reached the push payload: \(plaintext)")
            } else {
                #expect(plaintext.contains(text), "the decrypted payload does not carry the text: \(plaintext)")
            }

            let (result, content) = try await sandbox.deliverPush(line)
            #expect(result.exitCode == 0, "\(result)")
            #expect(content.status == "delivered", "\(result)")
            #expect(content.reason == nil, "\(result)")
            #expect(!content.locked && !content.deadlineExpired, "\(result)")

            let after = try await sandbox.chatList()
            let row = try #require(after.first { $0.peerId == chat.peerId })
            #expect(row.topMessageId == chat.topMessageId + 1, "main push did not store the message as the chat's newest: \(row)")

            // Ids.
            #expect(content.threadIdentifier == String(chat.peerId), "\(result)")
            #expect(content.userInfo["peerId"] == String(chat.peerId), "\(result)")
            #expect(content.userInfo["accountId"] == String(fixture.accountId), "\(result)")
            #expect(content.userInfo["msg_id"] == String(row.topMessageId), "\(result)")
            #expect(content.userInfo[kind.idKey] == String(chat.rawId), "\(result)")
            for key in ChatKind.allIdKeys where key != kind.idKey {
                #expect(content.userInfo[key] == nil, "\(kind) notification has \(key): \(result)")
            }

            // What it says.
            switch kind {
            case .user, .channel:
                #expect(content.title == chat.title, "\(result)")
                #expect(content.body == text, "\(result)")
            case .group:
                #expect(content.title == chat.title, "\(result)")
                #expect(content.body == "\(author!.title): \(text)", "\(result)")
            case .secret:
                // Titled with the user on the other side; the body is only the generic string.
                #expect(content.title == chat.title, "\(result)")
                #expect(content.body == NotifyService.genericBody, "\(result)")
                NotifyChecks.expectAbsent([text], in: result, "secret chat")
            }
            switch kind {
            case .user, .secret: #expect(content.categoryIdentifier == "r", "\(result)")
            case .group: #expect(content.categoryIdentifier == "gr", "\(result)")
            case .channel: #expect(["r", "gr"].contains(content.categoryIdentifier), "\(result)")
            }
            #expect(!result.stderr.contains(text), "the text is on stderr: \(result)")

            // The badge: the current account's unread total, muted chats excluded.
            let mutedUnread = after.filter(\.muted).map(\.unreadCount).reduce(0, +)
            #expect(mutedUnread > 0, "the muted push left no unread message in a muted chat: \(after.filter(\.muted))")
            #expect(content.badge == NotifyChecks.badge(after),
                    "badge \(content.badge.map(String.init) ?? "null"), unread outside muted chats \(NotifyChecks.badge(after)), in muted \(mutedUnread)")

            // The avatar: one PNG in the account's MediaBox cache.
            #expect(content.attachments.count == 1, "\(result)")
            let avatar = try #require(content.attachments.first)
            #expect(avatar.identifier == "avatar", "\(result)")
            #expect(avatar.path.hasPrefix(sandbox.mediaCachedPath(fixture.accountId)),
                    "avatar outside \(sandbox.mediaCachedPath(fixture.accountId)): \(avatar.path)")
            #expect(ContainerFiles.exists(avatar.path), "avatar \(avatar.path) does not exist")
            #expect(NotifyChecks.isPNG(avatar.path), "avatar \(avatar.path) is not a PNG")
        }
    }

    @Test("A second push for the same chat reuses the cached avatar file", .timeLimit(.minutes(5)))
    func avatarReused() async throws {
        try await withSandbox("ns-avatar-reuse") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let first = try await sandbox.deliverPush(try await sandbox.sendPushLine(peer: chat.peerId, text: "first of two"))
            let path = try #require(first.1.attachments.first?.path, "no avatar: \(first.0)")
            let before = try #require(NotifyChecks.identity(path))
            let cachedBefore = ContainerFiles.regularFiles(under: sandbox.mediaCachedPath(fixture.accountId))

            try await Task.sleep(for: .milliseconds(20))   // a rewrite would show in mtime
            let second = try await sandbox.deliverPush(try await sandbox.sendPushLine(peer: chat.peerId, text: "second of two"))
            #expect(second.1.status == "delivered", "\(second.0)")
            #expect(second.1.attachments.map(\.path) == [path], "the second delivery attached another file: \(second.0)")
            let after = try #require(NotifyChecks.identity(path))
            #expect(after.inode == before.inode && after.mtime == before.mtime,
                    "the avatar was rewritten (inode \(before.inode)→\(after.inode), mtime \(before.mtime)→\(after.mtime))")
            #expect(ContainerFiles.regularFiles(under: sandbox.mediaCachedPath(fixture.accountId)) == cachedBefore,
                    "the second delivery added files to the cache")
        }
    }

    @Test("A chat given a photo with main peer-photo gets a photo avatar named by the photo's resource id",
          .timeLimit(.minutes(5)))
    func peerPhotoAvatar() async throws {
        try await withSandbox("ns-peer-photo") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let letters = try await sandbox.deliverPush(try await sandbox.sendPushLine(peer: chat.peerId, text: "before the photo"))
            let lettersPath = try #require(letters.1.attachments.first?.path, "no avatar: \(letters.0)")

            let png = NotifyPNG.make()
            let photoPath = sandbox.io + "/photo.png"
            try Data(png).write(toPath: photoPath)
            let stored = try await sandbox.runOK(Executables.main, ["peer-photo", "--peer", "\(chat.peerId)", "--file", photoPath])
            let resourceId = "photo-\(chat.peerId)-\(Hex.encode(Digest.sha256(png).prefix(8)))"
            #expect(stored.stdout.contains(resourceId), "peer-photo did not report resource id \(resourceId): \(stored)")

            let photo = try await sandbox.deliverPush(try await sandbox.sendPushLine(peer: chat.peerId, text: "after the photo"))
            #expect(photo.1.status == "delivered", "\(photo.0)")
            let path = try #require(photo.1.attachments.first?.path, "no avatar: \(photo.0)")
            #expect(path != lettersPath, "the photo avatar is still the letters avatar \(path)")
            #expect((path as NSString).lastPathComponent.contains(resourceId), "photo avatar \(path) is not named by \(resourceId)")
            #expect(path.hasPrefix(sandbox.mediaCachedPath(fixture.accountId)), "\(path)")
            #expect(NotifyChecks.isPNG(path), "photo avatar \(path) is not a PNG")
            #expect(ContainerFiles.bytes(path) != ContainerFiles.bytes(lettersPath), "the photo avatar has the letters avatar's pixels")
        }
    }

    @Test("A push for the non-current account carries that account id and no badge", .timeLimit(.minutes(5)))
    func nonCurrentAccount() async throws {
        try await withSandbox("ns-two-accounts") { sandbox in
            let first = try await NotifyFixture.make(sandbox)
            let firstChat = try first.chat("user")
            let second = try await NotifyFixture.make(sandbox, peers: 12, messages: 200, phone: "+15550100002", name: "Grace Hopper")
            #expect(second.accountId != first.accountId)
            let status = try await sandbox.runOK(Executables.main, ["status", "--json"]).json()
            #expect(status["currentAccountId"] as? String == String(second.accountId), "the second login is not current: \(status)")

            let other = try await sandbox.sendPush(peer: firstChat.peerId, text: "for the other account", account: first.accountId)
            #expect(other.accountId == first.accountId)
            let (result, content) = try await sandbox.deliverPush(other.line)
            #expect(content.status == "delivered", "\(result)")
            #expect(content.userInfo["accountId"] == String(first.accountId), "\(result)")
            #expect(content.body == "for the other account", "\(result)")
            #expect(content.badge == nil, "a non-current account's push set the badge: \(result)")
            if let path = content.attachments.first?.path {
                #expect(path.hasPrefix(sandbox.mediaCachedPath(first.accountId)), "avatar not in the first account's MediaBox: \(path)")
            }

            // Control: the current account's push does carry its badge.
            let currentChat = try second.chat("user")
            let mine = try await sandbox.deliverPush(try await sandbox.sendPush(peer: currentChat.peerId, text: "for the current account").line)
            #expect(mine.1.userInfo["accountId"] == String(second.accountId), "\(mine.0)")
            let chats = try await sandbox.chatList(account: second.accountId)
            #expect(mine.1.badge == NotifyChecks.badge(chats), "\(mine.0)")
        }
    }
}
