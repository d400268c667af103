import Foundation
import Testing
import TestSupport

/// A basic group on the server, as Ada sees it in the terminal: Grace (Telethon) makes it with
/// Ada and Linus while Ada's app runs; it comes into the list with its title, opens with each
/// member's messages under their names and the service messages as Telegram words them (made,
/// left), the header says which member is typing, and what Ada writes there reaches both of them
/// once.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ServerGroupTerminalTests {
    static let code = "24680"

    /// A test server with Ada, Grace and Linus; Grace and Linus logged in with Telethon (their
    /// sessions' files in `directory`), Ada logged in on `container`.
    static func threeAccounts(in directory: TemporaryDirectory) async throws -> (server: TestServer, container: String, grace: String, linus: String) {
        let server = try TestServer.start(extraArguments: ["--login-code", code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper", "--account", "+999 66 3 0003:Linus:Torvalds"])
        do {
            let container = directory.sub("container"), grace = directory.sub("grace"), linus = directory.sub("linus")
            try await server.telethonChat("login", session: grace, ["--phone", "+999 66 2 0002", "--code", code])
            try await server.telethonChat("login", session: linus, ["--phone", "+999 66 3 0003", "--code", code])
            _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                                  "--phone", "+999 66 1 0001", "--code", code, "--container", container])
            return (server, container, grace, linus)
        } catch {
            server.stop()
            throw error
        }
    }

    @Test(arguments: [((80, 24), "xterm-256color"), ((160, 48), "tmux-256color")])
    func aGroupFromThePhoneInTheTerminal(size: (Int, Int), term: String) async throws {
        let directory = try TemporaryDirectory("server-group-terminal")
        defer { directory.remove() }
        let (server, container, grace, linus) = try await Self.threeAccounts(in: directory)
        defer { server.stop() }

        let tmux = try TmuxSession(width: size.0, height: size.1, command: [Executables.path(Executables.main), "--container", container],
                                   options: [("default-terminal", term)])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "Chats", timeout: 15)
        let made = try await server.telethonChat("create-group", session: grace, ["--title", "Compilers", "--with", "+9996610001", "--with", "+9996630003"])
        let chat = try #require(try made.json()["chat_id"] as? Int, "\(made)")
        try await server.telethonChat("send", session: grace, ["--to", "chat:\(chat)", "--text", "Has anyone read the dragon book?"])
        try await server.telethonChat("send", session: linus, ["--to", "chat:\(chat)", "--text", "Twice. Chapter 9 is the good part."])
        // The list's row: the group's title, its last message after its author's name.
        try await tmux.waitFor(timeout: 20, "the group in the list") { lines in
            lines.contains { $0.contains("Compilers") } && lines.contains { $0.contains("Linus: Twice.") }
        }
        try await tmux.still()
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        let opened = try await tmux.waitFor(timeout: 15, "the group's messages under their authors") { lines in
            lines.contains { $0.contains("Grace Hopper: Has anyone read the dragon book?") }
                && lines.contains { $0.contains("Linus Torvalds: Twice. Chapter 9") }
        }
        #expect(opened.contains { $0.contains("Compilers") }, "\(opened.joined(separator: "\n"))")
        // The group's first message is the server's service message, shown as Telegram words it.
        #expect(opened.contains { $0.contains("Grace Hopper created the group «Compilers»") }, "\(opened.joined(separator: "\n"))")

        // Grace types: the header names her. A notice shows six seconds, and a loaded machine can
        // take longer than that to start Telethon again, so she types on, as a typing client
        // repeats its notice.
        var named = false
        for _ in 0 ..< 5 where !named {
            try await server.telethonChat("typing", session: grace, ["--with", "chat:\(chat)"])
            named = (try? await tmux.waitFor(text: "Grace is typing…", timeout: 4)) != nil
        }
        let screen = try tmux.capture().joined(separator: "\n")
        #expect(named, "the header never named Grace typing: \(screen)")

        try tmux.type("Chapter 9 it is")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "sent, with its tick") { $0.contains { $0.contains("Chapter 9 it is ✓") } }
        for session in [grace, linus] {
            let history = try await server.telethonChat("history", session: session, ["--with", "chat:\(chat)", "--limit", "10"])
            let texts = try #require(try history.json()["messages"] as? [[String: Any]], "\(history)").compactMap { $0["text"] as? String }
            #expect(texts.filter { $0 == "Chapter 9 it is" }.count == 1, "\(texts)")
        }

        // Linus leaves: the service message comes into the open chat.
        try await server.telethonChat("leave-group", session: linus, ["--with", "chat:\(chat)"])
        try await tmux.waitFor(timeout: 15, "Linus's leaving in the chat") { $0.contains { $0.contains("Linus Torvalds left the group") } }
    }
}
