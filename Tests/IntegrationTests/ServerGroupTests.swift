import Foundation
import Testing
import TestSupport

/// Basic groups through the test server, with Telethon (an independent client) as the other
/// members: a group made on Grace's phone arrives in Ada's container with its title and each
/// member's messages under their names; what Ada writes there reaches every member once; the
/// running app takes the group's messages as they are pushed (updateShortChatMessage), and a
/// group it has never seen by a catch-up that brings its title.
@Suite("Basic groups against the test server", .serialized)
struct ServerGroupTests {
    static let code = ServerSyncTests.code
    static let grace = 1_000_002
    static let linus = 1_000_003

    /// Ada (ours), Grace and Linus (Telethon) on one server, each signed in; Ada synced once.
    /// The Telethon sessions: (grace, linus).
    static func threeAccounts(_ server: TestServer, _ sandbox: Sandbox) async throws -> (String, String) {
        let grace = sandbox.base + "/grace", linus = sandbox.base + "/linus"
        _ = try await server.telethonChat("login", session: grace, ["--phone", "+999 66 2 0002", "--code", code])
        _ = try await server.telethonChat("login", session: linus, ["--phone", "+999 66 3 0003", "--code", code])
        try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                  "--phone", "+999 66 1 0001", "--code", code])
        try await sandbox.runOK(Executables.main, ["sync"])
        return (grace, linus)
    }

    static func startServer() throws -> TestServer {
        try TestServer.start(extraArguments: ["--login-code", code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                              "--account", "+999 66 2 0002:Grace:Hopper", "--account", "+999 66 3 0003:Linus:Torvalds"])
    }

    /// Grace makes a group with Ada and Linus: its id on the server.
    static func makeGroup(_ server: TestServer, grace: String, title: String) async throws -> Int {
        let made = try await server.telethonChat("create-group", session: grace, ["--title", title, "--with", "+9996610001", "--with", "+9996630003"])
        return try #require(try made.json()["chat_id"] as? Int, "\(made)")
    }

    /// The group's row in Ada's chat list.
    static func groupRow(_ sandbox: Sandbox, title: String) async throws -> [String: Any]? {
        let rows = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
        return (rows as? [[String: Any]])?.first { $0["kind"] as? String == "group" && $0["title"] as? String == title }
    }

    /// The group's messages in Ada's Postbox, newest first: (text, author's user id, outgoing).
    static func messages(_ sandbox: Sandbox, peer: Int64) async throws -> [(text: String, author: Int64?, outgoing: Bool)] {
        let result = try await sandbox.runOK(Executables.main, ["messages", "--peer", String(peer), "--limit", "1000", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.map { ($0["text"] as? String ?? "", ($0["authorId"] as? NSNumber)?.int64Value, $0["outgoing"] as? Bool ?? false) }
    }

    /// The group's texts as a member's Telethon reads them from the server, newest first.
    static func serverTexts(_ server: TestServer, session: String, chat: Int) async throws -> [String] {
        let history = try await server.telethonChat("history", session: session, ["--with", "chat:\(chat)", "--limit", "100"])
        return try #require(try history.json()["messages"] as? [[String: Any]], "\(history)").compactMap { $0["text"] as? String }
    }

    @Test("A group made on the phone arrives with its title and its members' messages under their names; Ada's reach every member once",
          .timeLimit(.minutes(5)))
    func groupFromThePhone() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        try await withSandbox("server-group") { sandbox in
            let (grace, linus) = try await Self.threeAccounts(server, sandbox)
            let chat = try await Self.makeGroup(server, grace: grace, title: "Compilers")
            _ = try await server.telethonChat("send", session: grace, ["--to", "chat:\(chat)", "--text", "hello group"])
            _ = try await server.telethonChat("send", session: linus, ["--to", "chat:\(chat)", "--text", "hi all"])

            let synced = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            // The group's creation is a message too (the server's service message), as on Telegram.
            #expect(synced["newMessages"] as? Int == 3 && (synced["chats"] as? Int ?? 0) >= 1, "\(synced)")
            let row = try #require(try await Self.groupRow(sandbox, title: "Compilers"), "no group in the chat list")
            #expect(row["unreadCount"] as? Int == 3, "\(row)")
            let peer = try #require((row["peerId"] as? NSNumber)?.int64Value)
            var here = try await Self.messages(sandbox, peer: peer)
            #expect(here.map(\.text) == ["hi all", "hello group", "Grace Hopper created the group «Compilers»"], "\(here)")
            #expect(here.map(\.author) == [Int64(Self.linus), Int64(Self.grace), Int64(Self.grace)], "each under its author: \(here)")

            // Ada writes in the group (share, with main not running, sends it itself), then main
            // sends it again with the same random_id: the server holds it once, for each member.
            let shared = try await sandbox.run("share", ["send", "--to", String(peer), "--text", "ada here", "--json"], timeout: 60)
            #expect(shared.exitCode == 0 && (try? shared.json())?["by"] as? String == "share", "\(shared)")
            let sent = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(sent["sent"] as? Int == 1 && sent["notSent"] as? Int == 0, "\(sent)")
            for session in [grace, linus] {
                let texts = try await Self.serverTexts(server, session: session, chat: chat)
                #expect(texts.filter { $0 == "ada here" }.count == 1 && texts.contains("hello group"), "\(texts)")
            }
            here = try await Self.messages(sandbox, peer: peer)
            #expect(here.first?.text == "ada here" && here.first?.outgoing == true && here.filter { $0.text == "ada here" }.count == 1, "\(here)")

            // Linus reads it: Ada's message shows read (the outbox mark comes back to her).
            _ = try await server.telethonChat("read", session: linus, ["--with", "chat:\(chat)"])
            _ = try await sandbox.runOK(Executables.main, ["sync"])
            let newest = try await sandbox.runOK(Executables.main, ["messages", "--peer", String(peer), "--limit", "1", "--json"])
            let rows = try JSONSerialization.jsonObject(with: Data(newest.stdout.utf8)) as? [[String: Any]]
            #expect(rows?.first?["text"] as? String == "ada here" && rows?.first?["read"] as? Bool == true, "\(newest.stdout)")
        }
    }

    @Test("The running app takes a known group's messages as pushed, no getDifference; a new group comes by a catch-up with its title",
          .timeLimit(.minutes(5)))
    func groupsWhileRunning() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        try await withSandbox("server-group-live") { sandbox in
            let (grace, _) = try await Self.threeAccounts(server, sandbox)
            let (run, _) = try await sandbox.startMainRun(["--headless"])
            defer { run.kill9() }
            try await waitUntil("the running app's first catch-up", timeout: 30) { ServerSyncTests.differences(server).count >= 2 }

            // Never seen: the push names an unknown chat, so the app catches up and learns its title.
            let chat = try await Self.makeGroup(server, grace: grace, title: "Kernel")
            _ = try await server.telethonChat("send", session: grace, ["--to", "chat:\(chat)", "--text", "first in kernel"])
            try await waitUntil("the new group with its title", timeout: 20) { try await Self.groupRow(sandbox, title: "Kernel") != nil }
            let peer = try #require((try await Self.groupRow(sandbox, title: "Kernel")?["peerId"] as? NSNumber)?.int64Value)
            try await waitUntil("its first message", timeout: 20) { try await Self.messages(sandbox, peer: peer).first?.text == "first in kernel" }

            // Known now: the next one is applied as it is pushed.
            let before = ServerSyncTests.differences(server).count
            _ = try await server.telethonChat("send", session: grace, ["--to", "chat:\(chat)", "--text", "pushed to the group"])
            try await waitUntil("the pushed message", timeout: 20) { try await Self.messages(sandbox, peer: peer).first?.text == "pushed to the group" }
            let later = ServerSyncTests.differences(server).dropFirst(before)
            #expect(later.allSatisfy { $0.contains("DifferenceEmpty") }, "a group's push was caught up instead of applied: \(Array(later))")
            #expect(server.stderrText.contains("updateShortChatMessage"), "the server pushed no short chat message")
            let here = try await Self.messages(sandbox, peer: peer)
            #expect(here.map(\.text) == ["pushed to the group", "first in kernel", "Grace Hopper created the group «Kernel»"]
                    && here.allSatisfy { $0.author == Int64(Self.grace) }, "\(here)")
        }
    }

    @Test("A group's message is a desktop notification of the group, its author before the text; the group's creation is one too",
          .timeLimit(.minutes(5)))
    func aGroupMessageBecomesADesktopNotification() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        try await withSandbox("server-group-push") { sandbox in
            let bus = try await DesktopBus.start(sandbox)
            let relay = try await PushRelayProcess.start(sandbox, env: bus.environment)
            let (grace, _) = try await Self.threeAccounts(server, sandbox)
            try await sandbox.runOK(Executables.main, ["sync"], env: ["TELEGRAM_PUSH_RELAY": relay.address])
            let chat = try await Self.makeGroup(server, grace: grace, title: "Compilers")
            _ = try await server.telethonChat("send", session: grace, ["--to", "chat:\(chat)", "--text", "hello group"])
            let delivered = try await ServerPushTests.waitForDeliveries(relay, count: 2)
            #expect(delivered.allSatisfy { $0.exit == .number(0) }, "\(delivered)")
            let created = try #require(delivered[0].content, "\(delivered[0])")
            let message = try #require(delivered[1].content, "\(delivered[1])")
            #expect(created["title"] as? String == "Compilers" && (created["body"] as? String ?? "").contains("Grace Hopper invited you"), "\(created)")
            #expect(message["title"] as? String == "Compilers" && message["body"] as? String == "Grace Hopper: hello group", "\(message)")
            let call = try #require(try await bus.notifyCalls(sandbox).last, "no desktop notification: \(delivered[1].stderr)")
            #expect(call.args[3].string == "Compilers" && call.args[4].string == "Grace Hopper: hello group", "\(call.args)")
        }
    }

    @Test("A message pinned on the phone is pinned here, in a private chat, a group and a supergroup; unpinned there, unpinned here",
          .timeLimit(.minutes(5)))
    func pinsFromThePhone() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        try await withSandbox("server-pins-from-phone") { sandbox in
            let (grace, _) = try await Self.threeAccounts(server, sandbox)
            let group = try await Self.makeGroup(server, grace: grace, title: "Compilers")
            let made = try await server.telethonChat("create-channel", session: grace, ["--title", "Rustaceans", "--megagroup"])
            let channel = try #require(try made.json()["channel_id"] as? Int, "\(made)")
            _ = try await server.telethonChat("invite", session: grace, ["--channel", "channel:\(channel)", "--with", "+9996610001"])
            let chats = ["+9996610001", "chat:\(group)", "channel:\(channel)"]
            var ids: [String: Int] = [:]
            for chat in chats {
                let sent = try await server.telethonChat("send", session: grace, ["--to", chat, "--text", "pin me in \(chat)"])
                ids[chat] = try #require(try sent.json()["id"] as? Int, "\(sent)")
            }
            _ = try await sandbox.runOK(Executables.main, ["sync"])
            let (run, _) = try await sandbox.startMainRun(["--headless"])
            defer { run.kill9() }
            for chat in chats {
                _ = try await server.telethonChat("pin", session: grace, ["--with", chat, "--id", String(ids[chat]!)])
            }
            let peers = [Int64(Self.grace), try await Self.peerId(sandbox, title: "Compilers"), try await Self.peerId(sandbox, title: "Rustaceans")]
            try await waitUntil("pinned here in each chat", timeout: 30) {
                for peer in peers where try await Self.pinnedTexts(sandbox, peer: peer).isEmpty { return false }
                return true
            }
            for (peer, chat) in zip(peers, chats) {
                #expect(try await Self.pinnedTexts(sandbox, peer: peer) == ["pin me in \(chat)"])
            }
            for chat in chats {
                _ = try await server.telethonChat("pin", session: grace, ["--with", chat, "--id", String(ids[chat]!), "--unpin"])
            }
            try await waitUntil("unpinned here in each chat", timeout: 30) {
                for peer in peers where try await !Self.pinnedTexts(sandbox, peer: peer).isEmpty { return false }
                return true
            }
        }
    }

    static func peerId(_ sandbox: Sandbox, title: String) async throws -> Int64 {
        let rows = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
        let row = try #require((rows as? [[String: Any]])?.first { $0["title"] as? String == title }, "no \(title): \(rows)")
        return try #require((row["peerId"] as? NSNumber)?.int64Value)
    }

    /// The texts of the chat's messages `main messages` marks pinned.
    static func pinnedTexts(_ sandbox: Sandbox, peer: Int64) async throws -> [String] {
        let result = try await sandbox.runOK(Executables.main, ["messages", "--peer", String(peer), "--limit", "50", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.filter { $0["pinned"] as? Bool == true }.compactMap { $0["text"] as? String }
    }
}
