import Foundation
import Testing
import Container
import TestSupport

/// The lock rule and the lock-screen settings: a locked app's notification names nobody and says
/// nothing, whenever the lock was taken; displayNameOnLockscreen off hides who wrote.
@Suite("notify-service hides content when the app is locked or names are off")
struct NotifyServiceLockTests {
    static let passcode = "2468\n"

    /// passcode set, and the fixture's first user chat.
    private static func lockedFixture(_ sandbox: Sandbox) async throws -> (NotifyFixture, NotifyChatRow) {
        let fixture = try await NotifyFixture.make(sandbox)
        try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: passcode)
        return (fixture, try fixture.chat("user"))
    }

    private static func expectHidden(_ result: ProcessResult, _ content: NotifyContent, text: String, chat: NotifyChatRow,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(content.status == "delivered", "\(result)", sourceLocation: sourceLocation)
        #expect(content.locked, "not marked locked: \(result)", sourceLocation: sourceLocation)
        #expect(content.title == "" && content.subtitle == "", "a locked notification has a title: \(result)", sourceLocation: sourceLocation)
        #expect(content.body == NotifyService.genericBody, "\(result)", sourceLocation: sourceLocation)
        #expect(content.attachments.isEmpty, "a locked notification has an avatar: \(result)", sourceLocation: sourceLocation)
        NotifyChecks.expectAbsent([text, chat.title], in: result, "locked", sourceLocation: sourceLocation)
    }

    @Test("Locked with main lock: no title, no text, no avatar", .timeLimit(.minutes(5)))
    func lockedDelivery() async throws {
        try await withSandbox("ns-locked") { sandbox in
            let (_, chat) = try await Self.lockedFixture(sandbox)
            try await sandbox.runOK(Executables.main, ["lock"])
            let text = "locked words v9Qe"
            let push = try await sandbox.sendPush(peer: chat.peerId, text: text)
            let (result, content) = try await sandbox.deliverPush(push.line)
            Self.expectHidden(result, content, text: text, chat: chat)
        }
    }

    @Test("A lock taken between main push and notify-service still hides the content", .timeLimit(.minutes(5)))
    func lockBetweenPushAndDelivery() async throws {
        try await withSandbox("ns-lock-between") { sandbox in
            let (_, chat) = try await Self.lockedFixture(sandbox)
            let text = "pushed before the lock r4Tm"
            // In a forum topic, so there is a subtitle (the topic's title) to hide as well.
            let topicTitle = "Topic Quillfeather"
            let push = try await sandbox.sendPush(peer: chat.peerId, text: text, extra: ["--topic", "7", "--topic-title", topicTitle])
            // Control: unlocked, this push shows its text and the topic as the subtitle.
            let (shownResult, shown) = try await sandbox.deliverPush(push.line)
            #expect(shown.body == text && shown.subtitle == topicTitle && !shown.locked, "\(shownResult)")

            try await sandbox.runOK(Executables.main, ["lock"])
            let (result, content) = try await sandbox.deliverPush(push.line)
            Self.expectHidden(result, content, text: text, chat: chat)
            NotifyChecks.expectAbsent([topicTitle], in: result, "locked topic")
        }
    }

    @Test("After main unlock the same push shows its text again", .timeLimit(.minutes(5)))
    func unlockShowsContentAgain() async throws {
        try await withSandbox("ns-unlock") { sandbox in
            let (_, chat) = try await Self.lockedFixture(sandbox)
            try await sandbox.runOK(Executables.main, ["lock"])
            let text = "shown after unlock k2Wp"
            let push = try await sandbox.sendPush(peer: chat.peerId, text: text)
            let (lockedResult, locked) = try await sandbox.deliverPush(push.line)
            Self.expectHidden(lockedResult, locked, text: text, chat: chat)

            try await sandbox.runOK(Executables.main, ["unlock"], stdin: Self.passcode)
            let (result, content) = try await sandbox.deliverPush(push.line)
            #expect(content.status == "delivered" && !content.locked, "\(result)")
            #expect(content.body == text, "\(result)")
            #expect(content.title == chat.title, "\(result)")
            #expect(content.attachments.count == 1, "\(result)")
        }
    }

    @Test("notify-service content while locked draws only the locked card", .timeLimit(.minutes(5)))
    func contentCardWhileLocked() async throws {
        try await withSandbox("ns-card-locked") { sandbox in
            let (fixture, chat) = try await Self.lockedFixture(sandbox)
            let text = "card words z8Lx"
            let push = try await sandbox.sendPush(peer: chat.peerId, text: text)
            let messageId = try #require(push.messageId)
            try await sandbox.runOK(Executables.main, ["lock"])

            func card(_ name: String) async throws -> (ProcessResult, NotifyCardReport) {
                let out = sandbox.io + "/" + name
                let result = try await sandbox.runOK(NotifyService.executable, [
                    "content", "--account=\(fixture.accountId)", "--peer", "\(chat.peerId)", "--message", "\(messageId)",
                    "--out", out, "--json"])
                let report = try JSONDecoder().decode(NotifyCardReport.self, from: Data(result.stdout.utf8))
                #expect(report.out == out, "\(result)")
                #expect(NotifyChecks.isPNG(out), "\(out) is not a PNG: \(result)")
                #expect(ContainerFiles.size(out) == report.bytes, "reported \(report.bytes) bytes, wrote \(ContainerFiles.size(out) ?? -1)")
                return (result, report)
            }

            let (lockedResult, locked) = try await card("locked.png")
            #expect(locked.locked, "\(lockedResult)")
            #expect(locked.avatar == nil, "a locked card has an avatar: \(lockedResult)")
            NotifyChecks.expectAbsent([text, chat.title], in: lockedResult, "locked card")

            // Control: unlocked, the same command draws the real card with the sender's avatar.
            try await sandbox.runOK(Executables.main, ["unlock"], stdin: Self.passcode)
            let (result, unlocked) = try await card("unlocked.png")
            #expect(!unlocked.locked, "\(result)")
            let avatar = try #require(unlocked.avatar, "no avatar on the unlocked card: \(result)")
            #expect(NotifyChecks.isPNG(avatar), "\(avatar)")
            #expect(ContainerFiles.bytes(sandbox.io + "/locked.png") != ContainerFiles.bytes(sandbox.io + "/unlocked.png"),
                    "the locked and unlocked cards are the same picture")
        }
    }

    @Test("Names off on the lock screen: a user chat has no title and no avatar", .timeLimit(.minutes(5)))
    func namesOffUserChat() async throws {
        try await withSandbox("ns-names-off-user") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            try await sandbox.runOK(Executables.main, ["settings", "--display-name-on-lockscreen", "false"])
            let chat = try fixture.chat("user")
            let text = "no names please m3Hd"
            let (result, content) = try await sandbox.deliverPush(try await sandbox.sendPush(peer: chat.peerId, text: text).line)
            #expect(content.status == "delivered" && !content.locked, "\(result)")
            #expect(content.title == "", "\(result)")
            #expect(content.attachments.isEmpty, "an avatar shows who wrote: \(result)")
            #expect(content.body == text, "previews are still on: \(result)")
            NotifyChecks.expectAbsent([chat.title], in: result, "names off")
        }
    }

    @Test("Names off on the lock screen: a group keeps its title, the body loses the author", .timeLimit(.minutes(5)))
    func namesOffGroup() async throws {
        try await withSandbox("ns-names-off-group") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            try await sandbox.runOK(Executables.main, ["settings", "--display-name-on-lockscreen", "false"])
            let group = try fixture.chat("group")
            let author = try fixture.chat("user", skipping: 1)
            let text = "group words j5Nc"
            let push = try await sandbox.sendPush(peer: group.peerId, text: text, extra: ["--from", "\(author.peerId)"])
            let (result, content) = try await sandbox.deliverPush(push.line)
            #expect(content.status == "delivered", "\(result)")
            #expect(content.title == group.title, "\(result)")
            #expect(content.body == text, "\(result)")
            #expect(!content.body.hasPrefix("\(author.title): "), "\(result)")
            // The author's avatar would name the author too.
            #expect(content.attachments.isEmpty, "the author's avatar is attached: \(result)")
            NotifyChecks.expectAbsent([author.title], in: result, "names off")
        }
    }
}
