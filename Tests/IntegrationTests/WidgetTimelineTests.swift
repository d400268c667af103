import Foundation
import Testing
import Container
import Formats
import Storage
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The widget's timeline end to end: the real `main` publishes widget-data, the real `widget`
/// reads it (and nothing else) on a temporary container.
@Suite("widget timeline: what main publishes, lock and unlock, broken widget-data")
struct WidgetTimelineTests {
    @Test("A message main writes is in the timeline right after the command, and soon after a push handed to main run",
          .timeLimit(.minutes(5)))
    func messageReachesTheTimeline() async throws {
        try await withSandbox("widget-push") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let before = try await sandbox.widgetTimeline()
            #expect(before.state == "chats" && before.peerIds.count == 8, "\(before.result)")

            let text = "widget sees this k3Vw"
            _ = try await sandbox.sendPush(peer: chat.peerId, text: text)
            let after = try await sandbox.widgetTimeline()
            let shown = try #require(after.chat(chat.peerId), "the chat is not in the timeline: \(after.result)")
            #expect((shown["message"] as? [String: Any])?["text"] as? String == text, "\(after.result)")
            #expect(((shown["badge"] as? [String: Any])?["count"] as? Int ?? 0) >= 1, "an incoming message counts as unread")
            #expect(shown["link"] as? String == "tg://localpeer?id=\(chat.peerId)&accountId=\(fixture.accountId)")

            // With main running, the push is handed to it; it publishes on its next tick.
            let (app, _) = try await sandbox.startMainRun()
            defer { app.kill9() }
            let live = "widget sees this live p8Qz"
            _ = try await sandbox.sendPush(peer: chat.peerId, text: live)
            // How soon is the bench's business; here only that it arrives. The deadline is for a hang,
            // generous because a loaded CI machine can stall main's tick for seconds.
            let start = Clock.monotonicNanoseconds()
            var delay: Double?
            while Clock.milliseconds(since: start) < 30_000 {
                if try await sandbox.widgetTimeline().texts.contains(live) {
                    delay = Clock.milliseconds(since: start)
                    break
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            let measured = try #require(delay, "the message handed to main run never reached the timeline within 30 s")
            print("widget: push handed to main run → in widget timeline after \(Int(measured)) ms")
            app.send(SIGTERM)
            _ = try await app.wait(timeout: 30)
        }
    }

    @Test("Lock and unlock are reflected on the next timeline; locked shows the placeholder only", .timeLimit(.minutes(5)))
    func lockAndUnlock() async throws {
        try await withSandbox("widget-lock") { sandbox in
            _ = try await NotifyFixture.make(sandbox)
            let unlocked = try await sandbox.widgetTimeline()
            #expect(unlocked.state == "chats", "\(unlocked.result)")
            let titles = unlocked.chats.compactMap { $0["title"] as? String }
            try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: "1234\n")
            #expect(try await sandbox.widgetTimeline().state == "chats", "a passcode alone does not lock")

            try await sandbox.runOK(Executables.main, ["lock"])
            for family in ["small", "medium", "large"] {
                let locked = try await sandbox.widgetTimeline(family)
                #expect(locked.state == "locked", "\(locked.result)")
                #expect(Set(locked.json.keys) == ["state", "family", "entries"], "\(locked.result)")
                #expect(Set(locked.entry.keys) == ["date", "text"] && locked.entry["text"] as? String == Widget.lockedText)
                NotifyChecks.expectAbsent(titles + unlocked.texts + [String(unlocked.json["accountId"] as? String ?? "-")], in: locked.result, "locked timeline")
            }
            let text = try await sandbox.runOK(Widget.executable, ["timeline"])
            #expect(text.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == Widget.lockedText, "\(text)")

            try await sandbox.runOK(Executables.main, ["unlock"], stdin: "1234\n")
            let again = try await sandbox.widgetTimeline()
            #expect(again.state == "chats" && again.peerIds == unlocked.peerIds, "\(again.result)")

            // Fail-closed: a lock state that cannot be read is a lock.
            try Data("{not json".utf8).write(toPath: sandbox.layout.lockStatePath)
            #expect(try await sandbox.widgetTimeline().state == "locked")
        }
    }

    @Test("Missing, stale, corrupt, foreign and other-account widget-data: a clear state, exit 0", .timeLimit(.minutes(5)))
    func brokenWidgetData() async throws {
        try await withSandbox("widget-bad") { sandbox in
            func expectEmpty(_ reason: String, _ context: String) async throws {
                let timeline = try await sandbox.widgetTimeline()
                #expect(timeline.state == "empty" && timeline.reason == reason, "\(context): \(timeline.result)")
                #expect(timeline.chats.isEmpty && !(timeline.entry["text"] as? String ?? "").isEmpty, "\(context)")
                let render = try await sandbox.widgetRender("medium", out: sandbox.io + "/empty-\(reason).png")
                #expect(render["state"] as? String == "empty" && render["reason"] as? String == reason, "\(context)")
            }
            try await expectEmpty("noAccount", "no account")

            let fixture = try await NotifyFixture.make(sandbox, peers: 20, messages: 200)
            let path = sandbox.layout.widgetDataPath
            let original = try #require(ContainerFiles.bytes(path), "main did not publish widget-data")
            #expect(try await sandbox.widgetTimeline().state == "chats")

            try FileManager.default.removeItem(atPath: path)
            try await expectEmpty("noData", "widget-data deleted")

            try Data(TestRandom.bytes(original.count)).write(toPath: path)
            try await expectEmpty("unreadable", "random bytes")
            try original.prefix(original.count / 2).write(toPath: path)
            try await expectEmpty("unreadable", "truncated")

            // Sealed with another container's device key.
            try await withSandbox("widget-other") { other in
                _ = try await other.login(phone: "+15550100009", name: "Grace Hopper")
                try await other.seed(peers: 10, messages: 50)
                try #require(ContainerFiles.bytes(other.layout.widgetDataPath)).write(toPath: path)
            }
            try await expectEmpty("unreadable", "foreign")

            // Sealed with this device's key, but for an account that is not the current one.
            try original.write(toPath: path)
            let published = try #require(try sandbox.widgetDataFile.read())
            #expect(published.accountId == fixture.accountId)
            var stranger = published
            stranger.accountId = 4242
            try sandbox.widgetDataFile.write(stranger)
            try await expectEmpty("otherAccount", "unknown account")

            // Stale: not confirmed by main for 30 days (it confirms at least hourly) → empty.
            guard case .peers(var peers) = published.content else { throw HarnessError("published no peers") }
            peers.updateTimestamp = Clock.unixTime() - 30 * 86_400
            try sandbox.widgetDataFile.write(WidgetData(accountId: published.accountId, content: .peers(peers)))
            try await expectEmpty("stale", "30 days old")
            // The next writer launch confirms it again: chats are back.
            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
            let refreshed = try await sandbox.widgetTimeline()
            #expect(refreshed.state == "chats", "\(refreshed.result)")

            // The strings file broken too: Telegram's English words, still exit 0.
            try Data(TestRandom.bytes(64)).write(toPath: sandbox.layout.widgetPresentationDataPath)
            try sandbox.widgetDataFile.write(WidgetData(accountId: published.accountId, content: .empty))
            let empty = try await sandbox.widgetTimeline()
            #expect(empty.reason == "noChats" && empty.entry["text"] as? String == "No chats yet", "\(empty.result)")

            // A writer command publishes afresh.
            _ = try await sandbox.sendPush(peer: try fixture.chat("user").peerId, text: "back again")
            #expect(try await sandbox.widgetTimeline().texts.contains("back again"))
        }
    }
}
