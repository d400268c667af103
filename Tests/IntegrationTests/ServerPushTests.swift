import Foundation
import Testing
import TestSupport

/// Pushes from the test server, as Telegram iOS gets them through APNs: the account registers the
/// push relay's token and its notification secret (account.registerDevice); a message Grace
/// (Telethon) sends reaches the server, which encrypts Telegram's push payload with that secret
/// and POSTs it to the relay; the relay starts notify-service on the container, which decrypts it
/// and posts a desktop notification (a mock notification daemon on a private session bus). An edit
/// of an unread message replaces its notification, a deletion for everyone takes it away, a
/// reaction to Ada's message is the chat's notification again; after logout no push comes.
@Suite("Pushes from the test server through the push relay", .serialized)
struct ServerPushTests {
    static func waitForDeliveries(_ relay: PushRelayProcess, count: Int, timeout: Double = 60) async throws -> [PushRelayProcess.Delivery] {
        var deliveries: [PushRelayProcess.Delivery] = []
        try await ServerSendTests.waitUntil("\(count) push(es) delivered by the relay", timeout: timeout) {
            deliveries = try relay.deliveries()
            return deliveries.count >= count
        }
        return deliveries
    }

    @Test("Registered by main sync: Grace's message is a desktop notification with her name and text; her deletion closes it; logged out, nothing comes",
          .timeLimit(.minutes(5)))
    func aMessageBecomesADesktopNotification() async throws {
        let server = try ServerSendTests.startServer()
        defer { server.stop() }
        try await withSandbox("server-push") { sandbox in
            let bus = try await DesktopBus.start(sandbox)
            let relay = try await PushRelayProcess.start(sandbox, env: bus.environment)
            let relayEnvironment = ["TELEGRAM_PUSH_RELAY": relay.address]
            let session = try await ServerSendTests.twoAccounts(server, sandbox)
            // twoAccounts synced without the relay: nothing registered, so Grace's "hello ada" pushed nothing.
            #expect(try relay.deliveries().isEmpty)
            try await sandbox.runOK(Executables.main, ["sync"], env: relayEnvironment)
            #expect(server.stderrText.contains("registerDevice user"), "\(server.stderrText.suffix(2000))")

            let sent = try await ServerSyncTests.telethon(server, "send", ["--to", "+9996610001", "--text", "see you at six"], session: session)
            let sentId = try #require(try sent.json()["id"] as? Int, "\(sent)")
            let delivered = try await Self.waitForDeliveries(relay, count: 1)
            let first = try #require(delivered.first)
            #expect(first.container == sandbox.container && first.exit == .number(0), "\(first)")
            let content = try #require(first.content, "notify-service printed no JSON: \(first)")
            #expect(content["title"] as? String == "Grace Hopper" && content["body"] as? String == "see you at six", "\(content)")
            let call = try #require(try await bus.notifyCalls(sandbox).last, "no desktop notification: \(first.stderr)")
            #expect(call.args[3].string == "Grace Hopper" && call.args[4].string == "see you at six", "\(call.args)")

            // Grace edits it while it is unread: its push again with edit_date, and the notification
            // shown is replaced by one with the new text.
            #expect(try await ServerSyncTests.telethon(server, "edit", ["--with", "+9996610001", "--id", String(sentId), "--text", "see you at seven"],
                                                       session: session).succeeded)
            let afterEdit = try await Self.waitForDeliveries(relay, count: 2)
            #expect(afterEdit[1].exit == .number(0) && afterEdit[1].content?["body"] as? String == "see you at seven", "\(afterEdit[1])")
            try await ServerSendTests.waitUntil("the notification replaced") {
                try await bus.notifyCalls(sandbox).last?.args[4].string == "see you at seven"
            }
            let replacing = try #require(try await bus.notifyCalls(sandbox).last)
            #expect(replacing.args[1] != .number(0), "the edited message's notification replaces the first: \(replacing.args)")

            // Grace deletes hers for everyone: the server pushes MESSAGE_DELETED, the notification goes.
            #expect(try await ServerSyncTests.telethon(server, "delete", ["--ids", String(sentId), "--revoke"],
                                                       session: session).succeeded)
            let afterDeletion = try await Self.waitForDeliveries(relay, count: 3)
            #expect(afterDeletion[2].exit == .number(0), "\(afterDeletion[2])")
            try await ServerSendTests.waitUntil("the notification closed") {
                try await !bus.calls(sandbox).filter { $0.method == "CloseNotification" }.isEmpty
            }

            // Ada writes, and Grace reacts to it: REACT_TEXT, the chat's notification again.
            let shared = try await sandbox.run("share", ["send", "--to", "1000002", "--text", "the usual place?", "--json"], timeout: 60)
            #expect(shared.exitCode == 0, "\(shared)")
            let history = try await ServerSyncTests.telethon(server, "history", ["--with", "+9996610001", "--limit", "1"], session: session)
            let adaId = try #require((try history.json()["messages"] as? [[String: Any]])?.first?["id"] as? Int, "\(history)")
            #expect(try await ServerSyncTests.telethon(server, "react", ["--with", "+9996610001", "--id", String(adaId), "--emoji", "👍"],
                                                       session: session).succeeded)
            let afterReaction = try await Self.waitForDeliveries(relay, count: 4)
            let reaction = try #require(afterReaction[3].content, "\(afterReaction[3])")
            #expect(reaction["title"] as? String == "Grace Hopper" && reaction["body"] as? String == "👍 to your \"the usual place?\"", "\(reaction)")
            try await ServerSendTests.waitUntil("the reaction's desktop notification") {
                try await bus.notifyCalls(sandbox).last?.args[4].string == "👍 to your \"the usual place?\""
            }

            // Logged out (auth.logOut drops the key's device): Grace's next message pushes nothing.
            try await sandbox.runOK(Executables.main, ["logout"], env: relayEnvironment)
            #expect(try await ServerSyncTests.telethon(server, "send", ["--to", "+9996610001", "--text", "are you there"], session: session).succeeded)
            try await Task.sleep(for: .seconds(2))
            let afterLogout = try relay.deliveries()
            #expect(afterLogout.count == 4, "\(afterLogout)")
            #expect(!server.stderrText.contains("push MESSAGE_TEXT \(adaId + 1)"), "\(server.stderrText.suffix(1500))")
        }
    }

    @Test("Registered by the running app: Grace's message reaches the open account's Postbox and the desktop", .timeLimit(.minutes(5)))
    func theRunningAppRegistersToo() async throws {
        let server = try ServerSendTests.startServer()
        defer { server.stop() }
        try await withSandbox("server-push-run") { sandbox in
            let bus = try await DesktopBus.start(sandbox)
            let relay = try await PushRelayProcess.start(sandbox, env: bus.environment)
            let session = try await ServerSendTests.twoAccounts(server, sandbox)
            let run = try sandbox.start(Executables.main, ["run", "--headless"], env: ["TELEGRAM_PUSH_RELAY": relay.address])
            defer { run.kill9() }
            _ = try await run.waitForLine(prefix: "ready pid=", timeout: 60)
            try await ServerSendTests.waitUntil("the app registered its token", timeout: 60) {
                server.stderrText.contains("registerDevice user")
            }
            #expect(try await ServerSyncTests.telethon(server, "send", ["--to", "+9996610001", "--text", "running?"], session: session).succeeded)
            let delivered = try await Self.waitForDeliveries(relay, count: 1)
            #expect(delivered[0].content?["body"] as? String == "running?", "\(delivered[0])")
            try await ServerSyncTests.waitForNewest(sandbox, "running?")
            #expect(try await bus.notifyCalls(sandbox).last?.args[4].string == "running?")
            run.send(SIGTERM)
            #expect(try await run.wait(timeout: 30).exitCode == 0)
        }
    }
}
