import Foundation
import Testing
import TestSupport

/// An account on the test server, its chat with Grace open in the real `main` in tmux: what
/// Grace (Telethon, an independent client) sends while it is open appears in the chat, pushed by
/// the server and applied by the app's own connection, with no command run; what is typed there
/// shows a clock until the server's answer (held back here while the test looks), then ✓, and Grace has it once;
/// its edit, reaction, pin and deletion for everyone, and the read mark, reach her too; and her
/// deletion for everyone reaches the open chat.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ServerChatTerminalTests {
    static let code = "24680"

    /// Each size once, each TERM once (every variant starts a server and two clients).
    @Test(arguments: zip([(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals))
    func theOpenChatTalksToTheServerBothWays(size: (Int, Int), term: String) async throws {
        let directory = try TemporaryDirectory("server-chat")
        defer { directory.remove() }
        // While this file exists the server keeps its answers to sendMessage (having stored the message).
        let hold = directory.sub("hold-answers")
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper",
                                                           "--hold-answer", "messages.sendMessage=\(hold)"])
        defer { server.stop() }
        let container = directory.sub("container"), session = directory.sub("grace")
        @discardableResult
        func grace(_ command: String, _ arguments: [String]) async throws -> ProcessResult {
            let result = try await server.runTelethon("telethon_chat.py", command: command,
                                                      ["--session-file", session, "--json", "--timeout", "30"] + arguments, timeout: 90)
            #expect(result.succeeded, "\(result)")
            return result
        }
        try await grace("login", ["--phone", "+999 66 2 0002", "--code", Self.code])
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", Self.code, "--container", container])
        try await grace("send", ["--to", "+9996610001", "--text", "are you there?"])
        // The chat the link names comes from the server: a sync brings it before the app opens it.
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])
        let main = Executables.path(Executables.main)
        let tmux = try TmuxSession(width: size.0, height: size.1, command: [main, "run", "--container", container, "--open", "tg://localpeer?id=1000002"],
                                   options: [("default-terminal", term)])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "are you there?", timeout: 15)
        try await tmux.still()
        try await grace("send", ["--to", "+9996610001", "--text", "pushed to the open chat"])
        let screen = try await tmux.waitFor(text: "pushed to the open chat", timeout: 10)
        #expect(screen.contains { $0.contains("Grace Hopper") }, "\(screen.joined(separator: "\n"))")

        try await tmux.still()
        #expect(FileManager.default.createFile(atPath: hold, contents: nil))
        try tmux.type("typed on the terminal")
        try tmux.press("Enter")
        try await tmux.waitFor(timeout: 10, "the clock while the server's answer is held") {
            $0.contains { $0.contains("typed on the terminal") && $0.contains("◷") }
        }
        try FileManager.default.removeItem(atPath: hold)
        let sent = try await tmux.waitFor(timeout: 15, "✓ once the answer came") {
            $0.contains { $0.contains("typed on the terminal") && $0.contains("✓") } && !$0.contains { $0.contains("◷") }
        }
        // Once in the chat (side by side, the list's preview of it is the other line).
        #expect(sent.filter { $0.contains("You: typed on the terminal") }.count == 1, "\(sent.joined(separator: "\n"))")
        let history = try await grace("history", ["--with", "+9996610001", "--limit", "10"])
        let texts = (try history.json()["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(texts.filter { $0 == "typed on the terminal" }.count == 1, "\(texts)")

        // What is done to it here reaches the server: an edit, a reaction, a pin; and Grace's
        // messages, read here, are read for her.
        typealias Keys = MessageActionsTerminalTests
        try await Keys.key(tmux, "Up")
        try await Keys.key(tmux, "e")
        try await tmux.waitFor(text: "✎ Editing")
        try await Keys.key(tmux, "C-u")
        try tmux.type("edited on the terminal")
        try await Keys.key(tmux, "Enter")
        try await tmux.waitFor(text: "edited on the terminal")
        try await Keys.key(tmux, "Up")
        try await Keys.key(tmux, "+")
        try await tmux.waitFor(text: "React")
        try await Keys.key(tmux, "Enter")
        try await tmux.waitFor(text: "👍 1")
        try await Keys.key(tmux, "p")
        try await tmux.waitFor(text: "📌 Pinned: edited on the terminal")
        // The server's service message of the pin, brought by the catch-up its answer asks for.
        try await tmux.waitFor(text: "You pinned \"edited on the t...\"", timeout: 15)
        func graceSees(_ what: String, _ condition: ([[String: Any]]) -> Bool) async throws {
            var last: [[String: Any]] = []
            for _ in 0..<20 {
                last = (try await grace("history", ["--with", "+9996610001", "--limit", "10"]).json()["messages"] as? [[String: Any]]) ?? []
                if condition(last) { return }
                try await Task.sleep(for: .milliseconds(500))
            }
            Issue.record("Grace does not see \(what): \(last)")
        }
        try await graceSees("the edit, the reaction and the pin") { messages in
            guard let mine = messages.first(where: { $0["out"] as? Bool == false && ($0["text"] as? String ?? "").contains("on the terminal") }) else { return false }
            return mine["text"] as? String == "edited on the terminal" && (mine["reactions"] as? [String: Int])?["👍"] == 1
                && mine["pinned"] as? Bool == true
        }
        let dialogs = try await grace("dialogs", []).json()["dialogs"] as? [[String: Any]] ?? []
        let graceOwn = (try await grace("history", ["--with", "+9996610001", "--limit", "10"]).json()["messages"] as? [[String: Any]] ?? [])
            .filter { $0["out"] as? Bool == true }.compactMap { $0["id"] as? Int }.max() ?? 0
        let withAda = dialogs.first { $0["peer"] as? Int == 1_000_001 }
        #expect((withAda?["read_outbox_max_id"] as? Int ?? 0) >= graceOwn && graceOwn > 0, "Grace's messages read: \(dialogs)")

        // Deleted for everyone: gone from Grace's side too.
        try await Keys.key(tmux, "d")
        try await tmux.waitFor(text: "Delete for everyone")
        try await Keys.key(tmux, "Down")
        try await Keys.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 5, "the deletion here") { !$0.contains { $0.contains("You: edited on the terminal") } }
        try await graceSees("the deletion") { messages in !messages.contains { ($0["text"] as? String ?? "").contains("on the terminal") } }

        // Deleted here while its answer is held: the server has it by then, so it is deleted for
        // everyone there once the answer comes, and does not come back with the next catch-up.
        #expect(FileManager.default.createFile(atPath: hold, contents: nil))
        // The deletion left a message selected (its letters are commands): back to the composer.
        if try tmux.capture().last?.contains("r reply") == true { try await Keys.key(tmux, "Escape") }
        try await tmux.waitFor(timeout: 5, "the composer's keys") { $0.last?.contains("⏎ send") == true }
        try tmux.type("never mind")
        try tmux.press("Enter")
        try await tmux.waitFor(timeout: 10, "the second clock") { $0.contains { $0.contains("never mind") && $0.contains("◷") } }
        try await graceSees("the message whose answer is held") { messages in messages.contains { $0["text"] as? String == "never mind" } }
        try await Keys.key(tmux, "Up")
        try await Keys.key(tmux, "d")
        try await tmux.waitFor(text: "Delete")
        try await Keys.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 5, "the unsent message gone here") { !$0.contains { $0.contains("You: never mind") } }
        try FileManager.default.removeItem(atPath: hold)
        try await graceSees("the message deleted while it was sent gone") { messages in
            !messages.contains { $0["text"] as? String == "never mind" }
        }
        try await tmux.still()
        #expect(!(try tmux.capture()).contains { $0.contains("never mind") }, "it came back")

        // And one Grace deletes for everyone leaves the open chat here.
        let graceHistory = try await grace("history", ["--with", "+9996610001", "--limit", "10"]).json()["messages"] as? [[String: Any]] ?? []
        let pushed = try #require(graceHistory.first { $0["text"] as? String == "pushed to the open chat" }?["id"] as? Int, "\(graceHistory)")
        try await grace("delete", ["--ids", String(pushed), "--revoke"])
        try await tmux.waitFor(timeout: 10, "Grace's deletion here") { !$0.contains { $0.contains("pushed to the open chat") } }

        // Her first message forwarded back to her: the server copies its own (forwardMessages),
        // and Grace gets it marked as hers, forwarded.
        try await tmux.still()
        try await Keys.key(tmux, "Up")
        try await Keys.key(tmux, "f")
        try await tmux.waitFor(text: "Forward to")
        try tmux.type("Grac")
        try await Keys.key(tmux, "Enter")
        try await tmux.waitFor(text: "Forwarded to")
        try await graceSees("the forward") { messages in
            messages.contains { $0["text"] as? String == "are you there?" && $0["forwarded_from"] as? Int == 1_000_002 && $0["out"] as? Bool == false }
        }
        #expect(server.stderrText.contains("forwardMessages user 1000001"), "\(server.stderrText.suffix(1500))")

        // A reply to a message still on its way (its answer held, a clock beside it): once the
        // server answers, the reply goes naming the server's message, and Grace has it so.
        #expect(FileManager.default.createFile(atPath: hold, contents: nil))
        try await tmux.still()
        if try tmux.capture().last?.contains("r reply") == true { try await Keys.key(tmux, "Escape") }
        try await tmux.waitFor(timeout: 5, "the composer's keys") { $0.last?.contains("⏎ send") == true }
        try tmux.type("first of two")
        try tmux.press("Enter")
        try await tmux.waitFor(timeout: 10, "its clock") { $0.contains { $0.contains("first of two") && $0.contains("◷") } }
        try await Keys.key(tmux, "Up")
        try await Keys.key(tmux, "r")
        try tmux.type("answering it")
        try tmux.press("Enter")
        try await tmux.waitFor(timeout: 10, "the reply's clock") { $0.contains { $0.contains("answering it") && $0.contains("◷") } }
        try FileManager.default.removeItem(atPath: hold)
        try await graceSees("the reply naming the first") { messages in
            guard let first = messages.first(where: { $0["text"] as? String == "first of two" })?["id"] as? Int else { return false }
            return messages.contains { $0["text"] as? String == "answering it" && $0["reply_to"] as? Int == first }
        }
    }

    /// Settings → Accounts → Log Out with an account on the server: the session ends there
    /// (auth.logOut) before it ends here, and the app's connection for it stops first.
    @Test(arguments: [(80, 24), (160, 48)])
    func loggingOutInTheInterfaceEndsTheSessionOnTheServer(size: (Int, Int)) async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace"])
        defer { server.stop() }
        let directory = try TemporaryDirectory("server-logout")
        defer { directory.remove() }
        let container = directory.sub("container")
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", Self.code, "--container", container])
        let tmux = try TmuxSession(width: size.0, height: size.1, command: [Executables.path(Executables.main), "run", "--container", container])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "4 Settings", timeout: 15)
        try await tmux.still()
        try tmux.press("4")
        try await tmux.waitFor(text: "Accounts")
        try await tmux.still()
        // Past the profile and the server it lives on, to Accounts.
        try tmux.press("Down")
        try tmux.press("Down")
        try tmux.press("Enter")
        try await tmux.waitFor(text: "+ Add Account")
        try await tmux.still()
        try tmux.press("Down")
        try tmux.press("Down")
        try tmux.press("Enter")
        try await tmux.waitFor(text: "Your phone number", timeout: 15)
        #expect(server.stderrText.contains("auth.logOut → LoggedOut"), "\(server.stderrText.suffix(2000))")
        let log = try FileManager.default.contentsOfDirectory(atPath: container + "/telegram-data/logs/app-logs")
            .map { try String(contentsOfFile: container + "/telegram-data/logs/app-logs/" + $0, encoding: .utf8) }.joined()
        #expect(!log.contains("the server was not told"), "\(log.suffix(2000))")
    }
}

