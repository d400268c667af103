import Foundation
import Testing
import Container
import TestSupport

/// What notify-service leaves in the container: no user content in plain (avatars are pixels,
/// their names keyed hashes), and no change to any database — only cached avatar PNGs and logs.
@Suite("notify-service leaves no content and changes no store")
struct NotifyServiceContainerTests {
    /// One push per kind of chat, and one group push with a named author.
    private static func pushes(_ fixture: NotifyFixture, tag: String) async throws -> [(NotifyChatRow, NotifyPush, String)] {
        var out: [(NotifyChatRow, NotifyPush, String)] = []
        for kind in ["user", "group", "channel", "secret"] {
            let chat = try fixture.chat(kind)
            let text = "Distinctive \(kind) words \(tag) Xylophone"
            out.append((chat, try await fixture.sandbox.sendPush(peer: chat.peerId, text: text), text))
        }
        return out
    }

    @Test("After pushes, deliveries and cards, no file in the container holds a text, name or phone",
          .timeLimit(.minutes(5)))
    func noPlaintextInContainer() async throws {
        try await withSandbox("ns-leak") { sandbox in
            let phone = "+15557306481", name = "Wilhelmina Fairweather"
            let fixture = try await NotifyFixture.make(sandbox, phone: phone, name: name)
            let sent = try await Self.pushes(fixture, tag: "Kq8v")
            let author = try fixture.chat("user", skipping: 1)
            let groupText = "Authored group words Kq8v Marimba"
            let groupPush = try await sandbox.sendPush(peer: try fixture.chat("group").peerId, text: groupText,
                                                      extra: ["--from", "\(author.peerId)"])
            var outputs: [ProcessResult] = []
            for (_, push, _) in sent { outputs.append(try await sandbox.deliverPush(push.line).0) }
            outputs.append(try await sandbox.deliverPush(groupPush.line).0)
            for (chat, push, _) in sent.prefix(2) {
                let card = try await sandbox.runOK(NotifyService.executable, [
                    "content", "--account=\(fixture.accountId)", "--peer", "\(chat.peerId)",
                    "--message", "\(push.messageId ?? 0)", "--out", sandbox.io + "/card-\(chat.peerId).png", "--json"])
                outputs.append(card)
            }

            var needles = [name, "Wilhelmina", "Fairweather", phone, String(phone.dropFirst()), groupText, author.title]
            needles += sent.flatMap { [$0.2, $0.0.title] }
            needles = Array(Set(needles)).filter { $0.utf8.count >= PlaintextLeakTests.minimumNeedleBytes }.sorted()

            // Positive control: the deliveries' own stdout (outside the container) shows the texts and titles.
            let shown = outputs.map(\.stdout).joined(separator: "\n")
            for (chat, _, text) in sent where chat.kind != "secret" {
                #expect(shown.contains(text) && shown.contains(chat.title), "the deliveries did not show \(chat.kind)'s text and title")
            }
            #expect(shown.contains("\(author.title): \(groupText)"))

            let files = ContainerFiles.regularFiles(under: sandbox.container)
            #expect(files.contains { $0.hasSuffix(".png") && $0.contains("/media/cached/") }, "no avatar was cached: \(files)")
            #expect(files.contains { $0.contains("notification-logs") }, "no notify-service log to scan: \(files)")
            var leaks: [String] = []
            for file in files {
                for needle in needles where file.contains(needle) { leaks.append("path \(file) contains \"\(needle)\"") }
                guard let data = ContainerFiles.bytes(sandbox.container + "/" + file) else { continue }
                for needle in needles where data.range(of: Data(needle.utf8)) != nil { leaks.append("\(file) contains \"\(needle)\"") }
            }
            #expect(leaks.isEmpty, "plaintext user content in \(leaks.count) place(s):\n\(leaks.joined(separator: "\n"))")
        }
    }

    @Test("A batch of deliveries changes no database; only avatar PNGs and logs are new", .timeLimit(.minutes(5)))
    func deliveriesWriteNoStore() async throws {
        try await withSandbox("ns-readonly") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            var lines = try await Self.pushes(fixture, tag: "Rr3d").map(\.1.line)
            let muted = try #require(fixture.chats.first { $0.muted })
            lines.append(try await sandbox.sendPush(peer: muted.peerId, text: "muted words Rr3d").line)
            let unread = try #require(fixture.chats.first { !$0.muted && $0.unreadCount > 0 })
            lines.append(try await sandbox.sendPush(peer: unread.peerId, kind: "read").line)
            let userChat = try fixture.chat("user")
            let deleted = try await sandbox.sendPush(peer: userChat.peerId, text: "to delete Rr3d")
            lines.append(deleted.line)
            lines.append(try await sandbox.sendPush(peer: userChat.peerId, kind: "deleted", extra: ["--message", "\(deleted.messageId ?? 0)"]).line)

            let before = ContainerFiles.storeSnapshot(sandbox.layout)
            let filesBefore = Set(ContainerFiles.regularFiles(under: sandbox.container))
            #expect(!before.isEmpty)

            // The pushes as files (notify-service FILE), one after another (concurrent launches are
            // NotifyServiceConcurrencyTests' subject), plus a content card.
            for (n, line) in lines.enumerated() {
                let path = sandbox.io + "/push-\(n).json"
                try Data(line.utf8).write(toPath: path)
                let (result, content) = try Sandbox.decodeDelivery(try await sandbox.run(NotifyService.executable, ["--json", path]))
                #expect(["delivered", "suppressed", "removed"].contains(content.status), "\(result)")
            }
            try await sandbox.runOK(NotifyService.executable, ["content", "--account=\(fixture.accountId)", "--peer", "\(userChat.peerId)",
                                                               "--message", "\(userChat.topMessageId)", "--out", sandbox.io + "/card.png"])

            let after = ContainerFiles.storeSnapshot(sandbox.layout)
            let differences = ContainerFiles.differences(before, after)
            #expect(differences.isEmpty, "deliveries changed the stores:\n\(differences.joined(separator: "\n"))")

            let newFiles = Set(ContainerFiles.regularFiles(under: sandbox.container)).subtracting(filesBefore).sorted()
            let avatars = newFiles.filter { $0.contains("/postbox/media/cached/") && $0.hasSuffix(".png") }
            let logs = newFiles.filter { $0.hasPrefix("telegram-data/logs/") }
            #expect(!avatars.isEmpty, "no avatar was drawn; the batch did not exercise enrichment")
            let unexpected = newFiles.filter { !avatars.contains($0) && !logs.contains($0) }
            #expect(unexpected.isEmpty, "new files besides cached avatars and logs: \(unexpected)")
            let gone = filesBefore.subtracting(ContainerFiles.regularFiles(under: sandbox.container)).sorted()
            #expect(gone.isEmpty, "files removed by deliveries: \(gone)")
        }
    }
}
