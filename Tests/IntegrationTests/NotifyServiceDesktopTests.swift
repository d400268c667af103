import Foundation
import Formats
import Testing
import NotificationService
import Container
import TestSupport

/// notify-service on the desktop: the composed notification posted to a session bus's
/// notification server (python-dbusmock's notification_daemon), replaced, closed, and answered.
@Suite("notify-service posts to the desktop", .serialized)
struct NotifyServiceDesktopTests {
    static func hints(_ call: DesktopBus.Call) -> [String: JSONValue] { call.args[6].object ?? [:] }

    @Test("A message: summary, body, avatar, category, desktop entry, Open and inline reply", .timeLimit(.minutes(5)))
    func message() async throws {
        try await withSandbox("ns-desktop-message") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let bus = try await DesktopBus.start(sandbox)
            let chat = try fixture.chat("user")
            let text = "on the desktop <b>&</b> q7Tz"
            let push = try await sandbox.sendPush(peer: chat.peerId, text: text)
            let (result, content, desktop) = try await sandbox.deliverToDesktop(push.line, env: bus.environment)
            #expect(content.status == "delivered", "\(result)")
            #expect(desktop.outcome == "posted" && desktop.id != nil && desktop.inlineReply, "\(result)")
            let call = try #require(try await bus.notifyCalls(sandbox).last, "no Notify call")
            #expect(call.args[0].string == "Telegram")
            #expect(call.args[1].number == 0, "a first notification replaces nothing: \(call.args)")
            #expect(call.args[3].string == content.title && !content.title.isEmpty, "\(call.args)")
            // Without body-markup the text goes as written.
            #expect(call.args[4].string == text, "\(call.args)")
            #expect(call.args[5].array?.compactMap(\.string) == ["default", "Open", "inline-reply", "Reply"], "\(call.args)")
            let hints = Self.hints(call)
            #expect(hints["category"]?.string == "im.received", "\(hints)")
            #expect(hints["desktop-entry"]?.string == "ph.telegra.Telegraph", "\(hints)")
            let image = try #require(hints["image-data"]?.array, "no image-data: \(hints)")
            #expect(image.prefix(6).compactMap(\.number) == [64, 64, 256, 1, 8, 4] || image.prefix(6).map(\.description) == ["64", "64", "256", "true", "8", "4"], "\(image)")
            let bytes: Int64? = image.last?.object?["bytes"]?.number
            #expect(bytes == Int64(64 * 64 * 4), "\(image)")
        }
    }

    @Test("No inline reply where the server lacks it; a muted chat posts nothing", .timeLimit(.minutes(5)))
    func mutedAndNoReply() async throws {
        try await withSandbox("ns-desktop-muted") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let bus = try await DesktopBus.start(sandbox, capabilities: "body actions")
            let muted = try #require(fixture.chats.first { $0.muted }, "the fixture has no muted chat")
            let (mutedResult, _, mutedDesktop) = try await sandbox.deliverToDesktop(
                try await sandbox.sendPush(peer: muted.peerId, text: "muted m3Kd").line, env: bus.environment)
            #expect(mutedDesktop.outcome == "none" && mutedDesktop.reason == "muted", "\(mutedResult)")
            #expect(try await bus.notifyCalls(sandbox).isEmpty, "a muted chat posted")

            let chat = try fixture.chat("user")
            let (result, _, desktop) = try await sandbox.deliverToDesktop(
                try await sandbox.sendPush(peer: chat.peerId, text: "no reply r2Pq").line, env: bus.environment)
            #expect(desktop.outcome == "posted" && !desktop.inlineReply, "\(result)")
            let call = try #require(try await bus.notifyCalls(sandbox).last)
            #expect(call.args[5].array?.compactMap(\.string) == ["default", "Open"], "\(call.args)")
        }
    }

    @Test("Locked: the locked text is the summary, no body, no avatar, no reply", .timeLimit(.minutes(5)))
    func locked() async throws {
        try await withSandbox("ns-desktop-locked") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: "2468\n")
            try await sandbox.runOK(Executables.main, ["lock"])
            let bus = try await DesktopBus.start(sandbox)
            let chat = try fixture.chat("user")
            let text = "locked desktop words w5Ne"
            let (result, content, desktop) = try await sandbox.deliverToDesktop(
                try await sandbox.sendPush(peer: chat.peerId, text: text).line, env: bus.environment)
            #expect(content.locked && desktop.outcome == "posted" && !desktop.inlineReply, "\(result)")
            let call = try #require(try await bus.notifyCalls(sandbox).last)
            #expect(call.args[3].string == NotifyService.genericBody && call.args[4].string == "", "\(call.args)")
            #expect(Self.hints(call)["image-data"] == nil, "a locked notification carries the avatar")
            #expect(!"\(call.args)".contains(text) && !"\(call.args)".contains(chat.title), "\(call.args)")
        }
    }

    @Test("Previews off: the body is the hidden-preview text", .timeLimit(.minutes(5)))
    func previewsOff() async throws {
        try await withSandbox("ns-desktop-previews") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            try await sandbox.runOK(Executables.main, ["settings", "--display-previews", "false"])
            let bus = try await DesktopBus.start(sandbox)
            let chat = try fixture.chat("user")
            let text = "hidden preview h8Lw"
            let (result, content, _) = try await sandbox.deliverToDesktop(
                try await sandbox.sendPush(peer: chat.peerId, text: text).line, env: bus.environment)
            let call = try #require(try await bus.notifyCalls(sandbox).last, "\(result)")
            #expect(call.args[4].string == content.body && content.body != text, "\(call.args)")
            #expect(!"\(call.args)".contains(text))
        }
    }

    @Test("The chat's next message replaces its notification; a deletion closes it", .timeLimit(.minutes(5)))
    func replaceAndClose() async throws {
        try await withSandbox("ns-desktop-replace") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let bus = try await DesktopBus.start(sandbox)
            let chat = try fixture.chat("user")
            let (_, _, first) = try await sandbox.deliverToDesktop(try await sandbox.sendPush(peer: chat.peerId, text: "first a1").line, env: bus.environment)
            let second = try await sandbox.sendPush(peer: chat.peerId, text: "second b2")
            let (result, _, replaced) = try await sandbox.deliverToDesktop(second.line, env: bus.environment)
            #expect(replaced.outcome == "replaced" && replaced.replacedId == first.id, "\(result)")
            let calls = try await bus.notifyCalls(sandbox)
            #expect(calls.count == 2 && calls[1].args[1].number == Int64(first.id ?? 0), "\(calls.map(\.args))")
            // The second push read the avatar's pixels kept beside its PNG by the first: the same image.
            #expect(calls.count == 2 && Self.hints(calls[0])["image-data"] != nil && Self.hints(calls[0])["image-data"] == Self.hints(calls[1])["image-data"])
            let kept = FileManager.default.enumerator(atPath: sandbox.layout.containerPath)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".rgba64") } ?? []
            #expect(kept.count == 1, "\(kept)")
            for path in kept {
                #expect((try? FileManager.default.attributesOfItem(atPath: sandbox.layout.containerPath + "/" + path)[.size] as? Int) == 64 * 64 * 4)
            }

            let messageId = try #require(second.messageId)
            let deleted = try await sandbox.sendPush(peer: chat.peerId, kind: "deleted", extra: ["--message", "\(messageId)"])
            let (deleteResult, _, closed) = try await sandbox.deliverToDesktop(deleted.line, env: bus.environment)
            #expect(closed.outcome == "closed" && closed.closedIds == [replaced.id ?? 0], "\(deleteResult)")
            let close = try await bus.calls(sandbox).filter { $0.method == "CloseNotification" }
            #expect(close.map { $0.args.first?.number } == [Int64(replaced.id ?? 0)], "\(close.map(\.args))")
        }
    }

    @Test("Without a session bus nothing else changes and the desktop is unavailable", .timeLimit(.minutes(5)))
    func noBus() async throws {
        try await withSandbox("ns-desktop-nobus") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let chat = try fixture.chat("user")
            let push = try await sandbox.sendPush(peer: chat.peerId, text: "no bus n4Vb")
            let (result, content, desktop) = try await sandbox.deliverToDesktop(push.line, env: [:])
            #expect(result.exitCode == 0 && content.status == "delivered" && content.body == "no bus n4Vb", "\(result)")
            #expect(desktop.outcome == "unavailable" && desktop.reason == "noSessionBus", "\(result)")
            let nowhere = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(sandbox.directory.sub("no-bus-here"))"]
            let (result2, content2, desktop2) = try await sandbox.deliverToDesktop(push.line, env: nowhere)
            #expect(content2.body == content.body && desktop2.outcome == "unavailable" && desktop2.reason == "connectFailed", "\(result2)")
        }
    }

    @Test("Open and an inline reply reach the running main once, each signal emitted twice", .timeLimit(.minutes(5)))
    func actions() async throws {
        try await withSandbox("ns-desktop-actions") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let bus = try await DesktopBus.start(sandbox)
            let chat = try fixture.chat("user")
            let (main, _) = try await sandbox.startMainRun()
            defer { main.kill9() }
            let (result, _, desktop) = try await sandbox.deliverToDesktop(
                try await sandbox.sendPush(peer: chat.peerId, text: "reply to me c5Jx").line, env: bus.environment)
            let id = try #require(desktop.id, "\(result)")
            // The listener the post started subscribes within a moment.
            try await Task.sleep(nanoseconds: 1_500_000_000)
            let reply = "the reply d6Kz"
            for _ in 0..<2 { try await bus.emit(sandbox, "NotificationReplied", "us", "[\(id), \"\(reply)\"]") }
            for _ in 0..<2 { try await bus.emit(sandbox, "ActionInvoked", "us", "[\(id), \"default\"]") }
            let deadline = Date().addingTimeInterval(20)
            var found = 0
            var opened = 0
            while Date() < deadline {
                let messages = try await sandbox.runOK(Executables.main, ["messages", "--peer", "\(chat.peerId)", "--limit", "20", "--json"])
                found = messages.stdout.components(separatedBy: reply).count - 1
                opened = Self.logText(sandbox).components(separatedBy: "link opened").count - 1
                if found >= 1 && opened >= 1 { break }
                try await Task.sleep(nanoseconds: 300_000_000)
            }
            // A little longer: a second application would show by now.
            try await Task.sleep(nanoseconds: 1_500_000_000)
            let messages = try await sandbox.runOK(Executables.main, ["messages", "--peer", "\(chat.peerId)", "--limit", "20", "--json"])
            found = messages.stdout.components(separatedBy: reply).count - 1
            #expect(found == 1, "the reply was stored \(found) times: \(messages.stdout)")
            opened = Self.logText(sandbox).components(separatedBy: "link opened").count - 1
            #expect(opened == 1, "main opened the chat \(opened) times: \(Self.logText(sandbox).suffix(2000))")
        }
    }

    @Test("Open with no main running starts the configured terminal with main run --open, once", .timeLimit(.minutes(5)))
    func openWithoutMain() async throws {
        try await withSandbox("ns-desktop-open-cold") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let bus = try await DesktopBus.start(sandbox)
            let chat = try fixture.chat("user")
            // The terminal: a script that records its arguments, one line each, a run a block.
            let record = sandbox.directory.sub("terminal-ran")
            let script = sandbox.directory.sub("terminal.sh")
            try "#!/bin/sh\nprintf '%s\\n' \"$@\" '--' >> '\(record)'\n".write(toFile: script, atomically: true, encoding: .utf8)
            #expect(chmod(script, 0o755) == 0)
            try DesktopNotificationSettings(desktop: true, terminal: [script, "-e"]).record(sandbox.layout)

            let (result, _, desktop) = try await sandbox.deliverToDesktop(
                try await sandbox.sendPush(peer: chat.peerId, text: "open me cold q2Wn").line, env: bus.environment)
            let id = try #require(desktop.id, "\(result)")
            try await Task.sleep(nanoseconds: 1_500_000_000)
            for _ in 0..<2 { try await bus.emit(sandbox, "ActionInvoked", "us", "[\(id), \"default\"]") }
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline && !FileManager.default.fileExists(atPath: record) { try await Task.sleep(nanoseconds: 200_000_000) }
            try await Task.sleep(nanoseconds: 1_500_000_000)
            let lines = (try? String(contentsOfFile: record, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            let runs = lines.split(separator: "--").map(Array.init)
            #expect(runs.count == 1, "the terminal was started \(runs.count) times: \(lines)")
            let argv = runs.first ?? []
            #expect(argv.first == "-e" && argv.dropFirst().first?.hasSuffix("/main") == true, "\(argv)")
            #expect(Array(argv.dropFirst(2).prefix(2)) == ["run", "--open"], "\(argv)")
            #expect(argv.dropFirst(4).first?.hasPrefix("tg://localpeer?id=\(chat.peerId)&") == true, "\(argv)")
            #expect(Array(argv.suffix(2)) == ["--container", sandbox.layout.containerPath], "the container it was clicked in: \(argv)")
        }
    }

    @Test("Two notify-service processes at once keep both chats' ids", .timeLimit(.minutes(5)))
    func concurrentPosts() async throws {
        try await withSandbox("ns-desktop-concurrent") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let bus = try await DesktopBus.start(sandbox)
            let chats = [try fixture.chat("user"), try fixture.chat("user", skipping: 1)]
            for round in 0..<4 {
                var pushes: [String] = []
                for chat in chats { pushes.append(try await sandbox.sendPush(peer: chat.peerId, text: "at once \(round)").line) }
                let running = try pushes.map { try sandbox.start(NotifyService.executable, ["--json"], stdin: $0, env: bus.environment) }
                for process in running {
                    let result = try await process.wait(timeout: 60)
                    let shown = ["posted", "replaced"].contains { result.stdout.contains("\"outcome\" : \"\($0)\"") }
                    #expect(result.exitCode == 0 && shown, "\(result)")
                }
                let ids = DesktopNotificationIds(layout: sandbox.layout).entries()
                for chat in chats { #expect(ids.contains { $0.peerId == chat.peerId }, "round \(round): \(ids)") }
            }
        }
    }

    /// A post holds the ids lock from reading the chat's earlier notification to recording the new
    /// one: two pushes for one chat at once show one notification, the later replacing the earlier
    /// (a server answers a replacement with the id it replaced). Read without the lock, both would
    /// replace nothing and two would stay on the screen.
    @Test("Two pushes for one chat at once leave one notification on the desktop", .timeLimit(.minutes(5)))
    func concurrentPostsForOneChat() async throws {
        try await withSandbox("ns-desktop-one-chat") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let bus = try await DesktopBus.start(sandbox)
            for round in 0..<3 {
                let chat = try fixture.chat("user", skipping: round)
                var pushes: [String] = []
                for n in 0..<2 { pushes.append(try await sandbox.sendPush(peer: chat.peerId, text: "one chat \(round).\(n)").line) }
                let running = try pushes.map { try sandbox.start(NotifyService.executable, ["--json"], stdin: $0, env: bus.environment) }
                var reports: [DesktopReport] = []
                for process in running {
                    let result = try await process.wait(timeout: 60)
                    #expect(result.exitCode == 0, "\(result)")
                    reports.append(try JSONDecoder().decode(DeliverWithDesktop.self, from: Data(result.stdout.utf8)).desktop)
                }
                let outcomes = reports.map(\.outcome).sorted()
                #expect(outcomes == ["posted", "replaced"], "round \(round): \(reports)")
                let posted = reports.first { $0.outcome == "posted" }, replaced = reports.first { $0.outcome == "replaced" }
                #expect(posted?.id != nil && replaced?.replacedId == posted?.id && replaced?.id == posted?.id, "round \(round): \(reports)")
            }
        }
    }

    /// Every log line main and the extensions wrote.
    static func logText(_ sandbox: Sandbox) -> String {
        let root = sandbox.layout.logsPath
        guard let files = FileManager.default.enumerator(atPath: root) else { return "" }
        return files.compactMap { $0 as? String }.compactMap { try? String(contentsOfFile: root + "/" + $0, encoding: .utf8) }.joined()
    }
}
