import Foundation
import Testing
import TestSupport

/// `main sync` against the test server, with Telethon (an independent client) on the other side:
/// messages Telethon sends reach our account's Postbox through updates.getDifference, in slices
/// when there are many, edits replace the text, nothing is applied twice, and a sync while
/// `main run` runs is handed to it.
@Suite("main sync against the test server", .serialized)
struct ServerSyncTests {
    static let code = "86420"

    /// Telethon as Grace (user 1000002), her session kept in `session`.
    static func telethon(_ server: TestServer, _ command: String, _ arguments: [String], session: String) async throws -> ProcessResult {
        try await server.runTelethon("telethon_chat.py", command: command, ["--session-file", session, "--json", "--timeout", "30"] + arguments, timeout: 120)
    }

    static func texts(_ sandbox: Sandbox, peer: Int, limit: Int = 1000) async throws -> [(text: String, incoming: Bool)] {
        let result = try await sandbox.runOK(Executables.main, ["messages", "--peer", String(peer), "--limit", String(limit), "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.map { ($0["text"] as? String ?? "", $0["outgoing"] as? Bool == false) }
    }

    /// The test server with Ada (user 1000001) and Grace (1000002).
    static func adaAndGrace(misbehave: [String] = [], extraArguments: [String] = []) throws -> TestServer {
        try TestServer.start(misbehave: misbehave, extraArguments: ["--login-code", code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                                    "--account", "+999 66 2 0002:Grace:Hopper"] + extraArguments)
    }

    /// Grace signed in with Telethon, Ada with ours in `sandbox` and synced once: Grace's session.
    static func signIn(_ server: TestServer, _ sandbox: Sandbox) async throws -> String {
        let session = sandbox.base + "/grace"
        #expect(try await telethon(server, "login", ["--phone", "+999 66 2 0002", "--code", code], session: session).succeeded)
        try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                  "--phone", "+999 66 1 0001", "--code", code])
        _ = try await sandbox.runOK(Executables.main, ["sync"])
        return session
    }

    /// The draft of Ada's chat with Grace, as `main chats` says.
    static func draft(_ sandbox: Sandbox) async throws -> String? {
        let rows = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
        return ((rows as? [[String: Any]])?.first { $0["peerId"] as? Int == 1_000_002 })?["draft"] as? String
    }

    /// Polls `main messages` until the chat's newest message is `text` (the running app applies it).
    static func waitForNewest(_ sandbox: Sandbox, _ text: String, timeout: Double = 15) async throws {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if try await texts(sandbox, peer: 1_000_002, limit: 1).first?.text == text { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("“\(text)” did not arrive within \(timeout) s")
    }

    @Test("Messages from Telethon arrive by getDifference, in slices, edits replace, nothing twice; the running app catches up and takes pushes",
          .timeLimit(.minutes(5)))
    func telethonToUs() async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper"])
        defer { server.stop() }
        try await withSandbox("server-sync") { sandbox in
            let session = sandbox.base + "/grace"
            let grace = try await Self.telethon(server, "login", ["--phone", "+999 66 2 0002", "--code", Self.code], session: session)
            #expect(grace.succeeded, "\(grace)")
            try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                      "--phone", "+999 66 1 0001", "--code", Self.code])
            let first = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(first["firstSync"] as? Bool == true && first["newMessages"] as? Int == 0, "\(first)")

            let sent = try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "from grace", "--count", "3"], session: session)
            #expect(sent.succeeded, "\(sent)")
            let second = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(second["firstSync"] as? Bool == false && second["newMessages"] as? Int == 3, "\(second)")
            var texts = try await Self.texts(sandbox, peer: 1_000_002)
            #expect(texts.map(\.text) == ["from grace 3", "from grace 2", "from grace 1"] && texts.allSatisfy(\.incoming), "\(texts)")
            let chats = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
            let graceChat = (chats as? [[String: Any]])?.first { $0["peerId"] as? Int == 1_000_002 }
            #expect(graceChat?["title"] as? String == "Grace Hopper" && graceChat?["unreadCount"] as? Int == 3, "the sender is a named chat with 3 unread: \(chats)")

            // Nothing new: nothing applied twice.
            let again = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(again["newMessages"] as? Int == 0 && again["differences"] as? Int == 1, "\(again)")
            #expect(try await Self.texts(sandbox, peer: 1_000_002).count == 3)

            // An edit: the message keeps its place, with the new text.
            let history = try await Self.telethon(server, "history", ["--with", "+9996610001", "--limit", "1"], session: session)
            let newest = try #require(try history.json()["messages"] as? [[String: Any]], "\(history)")
            let newestId = try #require(newest.first?["id"] as? Int, "\(history)")
            let edited = try await Self.telethon(server, "edit", ["--with", "+9996610001", "--id", String(newestId), "--text", "from grace 3, edited"],
                                                 session: session)
            #expect(edited.succeeded, "\(edited)")
            let third = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(third["edits"] as? Int == 1 && third["newMessages"] as? Int == 0, "\(third)")
            texts = try await Self.texts(sandbox, peer: 1_000_002)
            #expect(texts.first?.text == "from grace 3, edited" && texts.count == 3, "\(texts)")

            // 1,050 more: caught up in slices of 100, written ten to a transaction (the last one alone).
            let many = try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "burst", "--count", "1050"], session: session)
            #expect(many.succeeded, "\(many)")
            let burst = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(burst["newMessages"] as? Int == 1050 && (burst["differences"] as? Int ?? 0) >= 11, "\(burst)")
            let after = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(after["newMessages"] as? Int == 0 && after["differences"] as? Int == 1, "nothing twice: \(after)")
            let burstTexts = try await Self.texts(sandbox, peer: 1_000_002, limit: 2000).map(\.text).filter { $0.hasPrefix("burst") }
            #expect(Set(burstTexts).count == 1050 && burstTexts.count == 1050, "\(burstTexts.count) rows")

            // The running app keeps a connection: what is sent while it is down arrives when it
            // starts, and what is sent while it runs is pushed and applied at once, no sync asked.
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "while down"], session: session).succeeded)
            let (run, _) = try await sandbox.startMainRun(["--headless"])
            defer { run.kill9() }
            try await Self.waitForNewest(sandbox, "while down")
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "pushed live"], session: session).succeeded)
            try await Self.waitForNewest(sandbox, "pushed live")
            #expect(server.stderrText.contains("push"), "no push was logged by the server")
            // A sync handed to the running app runs beside it and finds everything applied once.
            let handed = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(handed["newMessages"] as? Int == 0, "\(handed)")
            run.send(SIGTERM)
            let ended = try await run.wait(timeout: 30)
            #expect(ended.exitCode == 0, "\(ended)")
            texts = try await Self.texts(sandbox, peer: 1_000_002, limit: 2000)
            #expect(texts.count == 1055 && Set(texts.map(\.text)).count == 1055, "\(texts.count) messages, \(Set(texts.map(\.text)).count) distinct")
        }
    }

    @Test("A first sync takes each dialog's read marks and draft: what the phone read is not unread here, its draft is here",
          .timeLimit(.minutes(3)))
    func firstSyncTakesReadMarksAndDrafts() async throws {
        let server = try Self.adaAndGrace()
        defer { server.stop() }
        try await withSandbox("server-first-sync") { sandbox in
            let grace = sandbox.base + "/grace", phone = sandbox.base + "/ada-phone"
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 2 0002", "--code", Self.code], session: grace).succeeded)
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "read on the phone", "--count", "3"],
                                            session: grace).succeeded)
            // Ada's phone (Telethon signed in as her) reads Grace's messages and starts a reply.
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 1 0001", "--code", Self.code], session: phone).succeeded)
            #expect(try await Self.telethon(server, "read", ["--with", "+9996620002"], session: phone).succeeded)
            #expect(try await Self.telethon(server, "draft", ["--with", "+9996620002", "--text", "started on the phone"], session: phone).succeeded)

            try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                      "--phone", "+999 66 1 0001", "--code", Self.code])
            let first = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(first["firstSync"] as? Bool == true && first["dialogs"] as? Int == 1, "\(first)")
            let chats = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
            let graceChat = try #require((chats as? [[String: Any]])?.first { $0["peerId"] as? Int == 1_000_002 }, "\(chats)")
            #expect(graceChat["unreadCount"] as? Int == 0, "read on the phone, unread here: \(graceChat)")
            #expect(graceChat["draft"] as? String == "started on the phone", "\(graceChat)")
            #expect(try await Self.texts(sandbox, peer: 1_000_002, limit: 1).first?.text == "read on the phone 3")

            // Grace writes again: that one is unread here, the read mark of the first sync stays.
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "after the sync"], session: grace).succeeded)
            _ = try await sandbox.runOK(Executables.main, ["sync"])
            let again = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
            let graceAgain = (again as? [[String: Any]])?.first { $0["peerId"] as? Int == 1_000_002 }
            #expect(graceAgain?["unreadCount"] as? Int == 1, "\(again)")
        }
    }

    @Test("A first sync takes which chats are pinned (in order) and muted; the running app hears them change on the phone",
          .timeLimit(.minutes(3)))
    func pinsAndMutesFromThePhone() async throws {
        let server = try Self.adaAndGrace(extraArguments: ["--account", "+999 66 3 0003:Linus:Torvalds"])
        defer { server.stop() }
        try await withSandbox("server-pins") { sandbox in
            let grace = sandbox.base + "/grace", linus = sandbox.base + "/linus", phone = sandbox.base + "/ada-phone"
            for (session, number, text) in [(grace, "+999 66 2 0002", "from grace"), (linus, "+999 66 3 0003", "from linus")] {
                #expect(try await Self.telethon(server, "login", ["--phone", number, "--code", Self.code], session: session).succeeded)
                #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", text], session: session).succeeded)
            }
            // Ada's phone pins Grace, then Linus (the newest pin leads), and mutes Grace.
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 1 0001", "--code", Self.code], session: phone).succeeded)
            for peer in ["+9996620002", "+9996630003"] {
                #expect(try await Self.telethon(server, "pin-dialog", ["--with", peer], session: phone).succeeded)
            }
            #expect(try await Self.telethon(server, "mute", ["--with", "+9996620002", "--until", "2147483647"], session: phone).succeeded)

            try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                      "--phone", "+999 66 1 0001", "--code", Self.code])
            _ = try await sandbox.runOK(Executables.main, ["sync"])
            var rows = try await Self.chatRows(sandbox)
            #expect(rows.prefix(2).map(\.peer) == [1_000_003, 1_000_002] && rows.prefix(2).allSatisfy(\.pinned), "\(rows)")
            #expect(rows.first { $0.peer == 1_000_002 }?.muted == true && rows.first { $0.peer == 1_000_003 }?.muted == false, "\(rows)")

            // Changed on the phone while the app runs: pushed, and applied without a sync.
            let (run, _) = try await sandbox.startMainRun(["--headless"])
            defer { run.kill9() }
            try await Task.sleep(for: .seconds(1))
            #expect(try await Self.telethon(server, "pin-dialog", ["--with", "+9996630003", "--unpin"], session: phone).succeeded)
            #expect(try await Self.telethon(server, "mute", ["--with", "+9996620002", "--until", "0"], session: phone).succeeded)
            try await TestSupport.waitUntil("Linus unpinned and Grace unmuted here", timeout: 20) {
                rows = try await Self.chatRows(sandbox)
                return rows.first { $0.peer == 1_000_003 }?.pinned == false && rows.first { $0.peer == 1_000_002 }?.muted == false
            }
            #expect(rows.first { $0.peer == 1_000_002 }?.pinned == true, "Grace stays pinned: \(rows)")
        }
    }

    @Test("A first sync pages through the dialogs when the server answers fewer than asked; the first page's pins stay",
          .timeLimit(.minutes(3)))
    func firstSyncPagesThroughTheDialogs() async throws {
        let server = try Self.adaAndGrace(extraArguments: ["--account", "+999 66 3 0003:Linus:Torvalds", "--account", "+999 66 4 0004:Alan:Turing",
                                                           "--page-limit", "2"])
        defer { server.stop() }
        try await withSandbox("server-dialog-pages") { sandbox in
            for number in ["+999 66 2 0002", "+999 66 3 0003", "+999 66 4 0004"] {
                let session = sandbox.base + "/" + number.filter(\.isNumber)
                #expect(try await Self.telethon(server, "login", ["--phone", number, "--code", Self.code], session: session).succeeded)
                #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "hello"], session: session).succeeded)
            }
            let phone = sandbox.base + "/ada-phone"
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 1 0001", "--code", Self.code], session: phone).succeeded)
            // The oldest chat pinned: the first page is it and the newest.
            #expect(try await Self.telethon(server, "pin-dialog", ["--with", "+9996620002"], session: phone).succeeded)
            try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                      "--phone", "+999 66 1 0001", "--code", Self.code])
            let first = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(first["dialogs"] as? Int == 3, "\(first)")
            let rows = try await Self.chatRows(sandbox)
            #expect(rows.map(\.peer) == [1_000_002, 1_000_004, 1_000_003] && rows.map(\.pinned) == [true, false, false], "\(rows)")
            #expect(server.stderrText.components(separatedBy: "getDialogs user 1000001").count - 1 == 2, "two pages of two")
        }
    }

    @Test("A first sync fetches each chat's unread messages below its top one, a page at a time; read ones stay on the server",
          .timeLimit(.minutes(3)))
    func firstSyncFetchesTheUnreadMessages() async throws {
        let server = try Self.adaAndGrace(extraArguments: ["--account", "+999 66 3 0003:Linus:Torvalds", "--page-limit", "10"])
        defer { server.stop() }
        try await withSandbox("server-first-unread") { sandbox in
            let grace = sandbox.base + "/grace", linus = sandbox.base + "/linus", phone = sandbox.base + "/ada-phone"
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 2 0002", "--code", Self.code], session: grace).succeeded)
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 3 0003", "--code", Self.code], session: linus).succeeded)
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "read", "--count", "12"], session: linus).succeeded)
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 1 0001", "--code", Self.code], session: phone).succeeded)
            #expect(try await Self.telethon(server, "read", ["--with", "+9996630003"], session: phone).succeeded)
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "earlier", "--count", "5"], session: grace).succeeded)
            #expect(try await Self.telethon(server, "read", ["--with", "+9996620002"], session: phone).succeeded)
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "unread", "--count", "23"], session: grace).succeeded)
            // Grace's ids: 5 earlier, then the unread ones; she pins "unread 7" for both sides.
            #expect(try await Self.telethon(server, "pin", ["--with", "+9996610001", "--id", "12"], session: grace).succeeded)

            try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                      "--phone", "+999 66 1 0001", "--code", Self.code])
            _ = try await sandbox.runOK(Executables.main, ["sync"])
            let chats = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
            let unread = Dictionary(((chats as? [[String: Any]]) ?? []).map { ($0["peerId"] as? Int ?? 0, $0["unreadCount"] as? Int ?? -1) }) { $1 }
            // Her 23 and the service message of her pin, as Telegram counts it.
            #expect(unread == [1_000_002: 24, 1_000_003: 0], "\(chats)")
            // Grace's 23 unread came in three pages of ten (the third reaching the read ones);
            // Linus's chat, read, has only its top message here.
            let graceTexts = try await Self.texts(sandbox, peer: 1_000_002).map(\.text)
            #expect(Set((1 ... 23).map { "unread \($0)" }).isSubset(of: graceTexts), "\(graceTexts)")
            // The pin came in no update: the fetched page's pinned flag says it.
            let rows = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["messages", "--peer", "1000002", "--json"]).stdout.utf8))
            let pinned = ((rows as? [[String: Any]]) ?? []).filter { $0["pinned"] as? Bool == true }.compactMap { $0["text"] as? String }
            #expect(pinned == ["unread 7"], "\(pinned)")
            #expect(try await Self.texts(sandbox, peer: 1_000_003).map(\.text) == ["read 12"])
        }
    }

    @Test("A chat with more unread than a first sync fetches counts as the phone does; read there, none is left",
          .timeLimit(.minutes(3)))
    func moreUnreadThanAFirstSyncFetches() async throws {
        let server = try Self.adaAndGrace()
        defer { server.stop() }
        try await withSandbox("server-first-unread-many") { sandbox in
            let grace = sandbox.base + "/grace", phone = sandbox.base + "/ada-phone"
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 2 0002", "--code", Self.code], session: grace).succeeded)
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "unread", "--count", "340"], session: grace).succeeded)
            try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                      "--phone", "+999 66 1 0001", "--code", Self.code])
            _ = try await sandbox.runOK(Executables.main, ["sync"])
            func unread() async throws -> Int? {
                let chats = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
                return (chats as? [[String: Any]])?.first { $0["peerId"] as? Int == 1_000_002 }?["unreadCount"] as? Int
            }
            // At most 300 were fetched; the list counts 340, as Telegram on the phone does.
            let stored = try await Self.texts(sandbox, peer: 1_000_002, limit: 1000).count
            #expect(stored < 340, "\(stored) stored: the first sync fetched them all, and this test no longer tests the count")
            #expect(try await unread() == 340)
            let status = try await sandbox.runOK(Executables.main, ["status"]).stdout
            #expect(status.contains("340 unread in 1 chats"), "\(status)")
            // Read on the phone: the server says nothing is left, and nothing is.
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 1 0001", "--code", Self.code], session: phone).succeeded)
            #expect(try await Self.telethon(server, "read", ["--with", "+9996620002"], session: phone).succeeded)
            _ = try await sandbox.runOK(Executables.main, ["sync"])
            #expect(try await unread() == 0)
        }
    }

    @Test("A page read forward that answers another question fills nothing and does not stop the sync",
          .timeLimit(.minutes(3)))
    func aForwardPageFromElsewhere() async throws {
        let server = try Self.adaAndGrace(misbehave: ["history-below-offset"])
        defer { server.stop() }
        try await withSandbox("server-first-unread-hostile") { sandbox in
            let grace = sandbox.base + "/grace"
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 2 0002", "--code", Self.code], session: grace).succeeded)
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "unread", "--count", "340"], session: grace).succeeded)
            try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                      "--phone", "+999 66 1 0001", "--code", Self.code])
            // The first sync's forward page (the oldest unread) comes back empty, the server
            // answering for below the chat's first message: that alone fills nothing; the page
            // read back from the top, which the server answers right, is what is stored. No
            // message is lost (the rest stays a hole), none is stored twice.
            let synced = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(synced["firstSync"] as? Bool == true, "\(synced)")
            let texts = try await Self.texts(sandbox, peer: 1_000_002, limit: 1000).map(\.text)
            let numbers = texts.compactMap { Int($0.dropFirst("unread ".count)) }.sorted()
            #expect(Set(numbers).count == texts.count && numbers.last == 340 && numbers.count > 1 && numbers.count < 340
                    && numbers == Array(numbers.first! ... 340), "a run up to the newest, the oldest unread still on the server: \(numbers.count)")
            #expect(server.stderrText.contains("getHistory user 1000001 peer 1000002: 0 of 340"), "the forward page came back empty")
            let chats = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
            #expect((chats as? [[String: Any]])?.first?["unreadCount"] as? Int == 340, "still counted as the phone counts: \(chats)")
        }
    }

    /// `main chats --json`, in the list's order.
    static func chatRows(_ sandbox: Sandbox) async throws -> [(peer: Int, pinned: Bool, muted: Bool)] {
        let rows = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
        return (rows as? [[String: Any]] ?? []).map { ($0["peerId"] as? Int ?? 0, $0["pinned"] as? Bool ?? false, $0["muted"] as? Bool ?? false) }
    }

    @Test("Too far behind (differenceTooLong): the newest dialogs are read again, and the next sync starts from there",
          .timeLimit(.minutes(5)))
    func tooFarBehind() async throws {
        let server = try Self.adaAndGrace(extraArguments: ["--difference-too-long", "5"])
        defer { server.stop() }
        try await withSandbox("server-sync-too-long") { sandbox in
            let session = try await Self.signIn(server, sandbox)
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "far behind", "--count", "20"], session: session).succeeded)
            let behind = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(behind["tooLong"] as? Bool == true && behind["dialogs"] as? Int == 1, "\(behind)")
            #expect(try await Self.texts(sandbox, peer: 1_000_002).first?.text == "far behind 20")
            let next = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(next["tooLong"] as? Bool == false && next["newMessages"] as? Int == 0 && next["differences"] as? Int == 1, "\(next)")
        }
    }

    /// The server's getDifference answers to Ada (user 1000001), in order, as it logged them.
    static func differences(_ server: TestServer) -> [String] {
        server.stderrText.split(separator: "\n").filter { $0.contains("getDifference user 1000001 ") }.map(String.init)
    }

    @Test("Pushed updates are applied from their contents, no getDifference; a lost push leaves a gap the next one shows, and a catch-up fills it",
          .timeLimit(.minutes(5)))
    func pushedUpdatesAndAGap() async throws {
        let server = try Self.adaAndGrace(misbehave: ["drop-pushes=1"])
        defer { server.stop() }
        try await withSandbox("server-pushed-updates") { sandbox in
            let session = try await Self.signIn(server, sandbox)
            let launched = Self.differences(server).count
            let (run, _) = try await sandbox.startMainRun(["--headless"])
            defer { run.kill9() }
            try await waitUntil("the running app's first catch-up", timeout: 30) { Self.differences(server).count > launched }

            // The first push is lost on the way: nothing tells the app yet.
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "lost on the way"], session: session).succeeded)
            #expect(server.stderrText.contains("dropped (drop-pushes)"))
            try await Task.sleep(for: .seconds(1))
            #expect(try await Self.texts(sandbox, peer: 1_000_002).isEmpty, "arrived without its push")
            // The next one's pts leaves a gap: a catch-up brings both.
            let beforeGap = Self.differences(server).count
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "after the gap"], session: session).succeeded)
            try await Self.waitForNewest(sandbox, "after the gap")
            #expect(try await Self.texts(sandbox, peer: 1_000_002).map(\.text) == ["after the gap", "lost on the way"])
            #expect(Self.differences(server).dropFirst(beforeGap).contains { $0.contains("2 message(s)") }, "\(Self.differences(server))")

            // From here each push follows: applied as it comes. A getDifference now and then (the
            // app's interval) finds nothing; one that brought a message would mean a push was not applied.
            let applied = Self.differences(server).count
            #expect(try await Self.telethon(server, "send", ["--to", "+9996610001", "--text", "as it came"], session: session).succeeded)
            try await Self.waitForNewest(sandbox, "as it came")
            let history = try await Self.telethon(server, "history", ["--with", "+9996610001", "--limit", "3"], session: session)
            let ids = try #require(try history.json()["messages"] as? [[String: Any]], "\(history)").compactMap { $0["id"] as? Int }
            #expect(try await Self.telethon(server, "edit", ["--with", "+9996610001", "--id", String(ids[0]), "--text", "as it came, edited"],
                                            session: session).succeeded)
            try await Self.waitForNewest(sandbox, "as it came, edited")
            #expect(try await Self.telethon(server, "delete", ["--ids", String(ids[1]), "--revoke"], session: session).succeeded)
            try await waitUntil("the deletion applied", timeout: 15) { try await Self.texts(sandbox, peer: 1_000_002).count == 2 }
            let later = Self.differences(server).dropFirst(applied)
            #expect(later.allSatisfy { $0.contains("DifferenceEmpty") }, "a push was caught up instead of applied: \(Array(later))")
            #expect(try await Self.texts(sandbox, peer: 1_000_002).map(\.text) == ["as it came, edited", "lost on the way"])

            // A draft saved on Ada's phone (Telethon signed in as her) comes to the running app:
            // pushed to her other sessions as updateDraftMessage, it replaces the older one here.
            let phone = sandbox.base + "/ada-phone"
            #expect(try await Self.telethon(server, "login", ["--phone", "+999 66 1 0001", "--code", Self.code], session: phone).succeeded)
            #expect(try await Self.telethon(server, "draft", ["--with", "+9996620002", "--text", "typed on the phone"], session: phone).succeeded)
            try await waitUntil("the phone's draft here", timeout: 15) { try await Self.draft(sandbox) == "typed on the phone" }
            #expect(try await Self.telethon(server, "draft", ["--with", "+9996620002", "--text", ""], session: phone).succeeded)
            try await waitUntil("the draft cleared here", timeout: 15) { try await Self.draft(sandbox) == nil }

            // `main push` stands in for a server only for an offline account: here it would
            // make up a message id the server gives to a real message later.
            let madeUp = try await sandbox.run(Executables.main, ["push", "--peer", "1000002", "--text", "made up"])
            #expect(madeUp.exitCode != 0 && madeUp.stderr.contains("lives on a server"), "\(madeUp)")
            #expect(try await Self.texts(sandbox, peer: 1_000_002).count == 2)
        }
    }

    @Test("An offline account has no server to sync with: exit 1, said plainly")
    func offlineAccount() async throws {
        try await withSandbox("offline-sync") { sandbox in
            try await sandbox.login()
            let result = try await sandbox.run(Executables.main, ["sync"])
            #expect(result.exitCode == 1 && result.stderr.contains("offline"), "\(result)")
        }
    }
}
