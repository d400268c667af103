import Foundation
import Testing
import TestSupport

/// A broadcast channel Ada only reads, in the terminal: where the composer was, the reason; what
/// she types is not written, and a post is not pinned. Grace (Telethon) makes her an admin while
/// the app runs and the composer comes back; her post reaches the channel once, and she deletes
/// Grace's post for everyone; made a subscriber again, the reason is back.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ReadOnlyChannelTerminalTests {
    static let reason = "Only the channel's admins can post here"

    @Test(arguments: [((80, 24), "xterm-256color"), ((160, 48), "tmux-256color")])
    func aChannelAdaOnlyReads(size: (Int, Int), term: String) async throws {
        let code = ServerGroupTerminalTests.code
        let server = try TestServer.start(extraArguments: ["--login-code", code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper", "--account", "+999 66 3 0003:Linus:Torvalds"])
        defer { server.stop() }
        let directory = try TemporaryDirectory("read-only-channel-terminal")
        defer { directory.remove() }
        let container = directory.sub("container"), grace = directory.sub("grace"), linus = directory.sub("linus")
        try await server.telethonChat("login", session: grace, ["--phone", "+999 66 2 0002", "--code", code])
        try await server.telethonChat("login", session: linus, ["--phone", "+999 66 3 0003", "--code", code])
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", code, "--container", container])
        let made = try await server.telethonChat("create-channel", session: grace, ["--title", "Announcements"])
        let channel = try #require(try made.json()["channel_id"] as? Int, "\(made)")
        try await server.telethonChat("invite", session: grace, ["--channel", "channel:\(channel)", "--with", "+9996610001", "--with", "+9996630003"])
        try await server.telethonChat("send", session: grace, ["--to", "channel:\(channel)", "--text", "release 1.0 is out"])

        let tmux = try TmuxSession(width: size.0, height: size.1, command: [Executables.path(Executables.main), "--container", container],
                                   options: [("default-terminal", term)])
        defer { tmux.kill() }
        try await tmux.waitFor(timeout: 20, "the channel in the list") { $0.contains { $0.contains("Announcements") } }
        try await tmux.still()
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "the post and the reason where the composer was") { lines in
            lines.contains { $0.contains("release 1.0 is out") } && lines.contains { $0.contains(Self.reason) }
        }
        try tmux.type("hello")
        try await tmux.still()
        let typed = try tmux.capture()
        #expect(!typed.contains { $0.contains("› hello") }, "typed into a channel Ada only reads: \(typed.joined(separator: "\n"))")
        #expect(typed.contains { $0.contains(Self.reason) })
        #expect(!typed.contains { $0.contains("⏎ send") }, "nothing to send here: \(typed.joined(separator: "\n"))")
        // Grace's post selected: p does not pin it, and says why.
        try await MessageActionsTerminalTests.key(tmux, "Up")
        try await MessageActionsTerminalTests.key(tmux, "p")
        try await tmux.waitFor(text: "Cannot pin: \(Self.reason)")
        try await MessageActionsTerminalTests.key(tmux, "Escape")

        // Made an admin on Grace's phone: the push names the channel, the app asks for it again,
        // and the composer is back.
        try await server.telethonChat("promote", session: grace, ["--channel", "channel:\(channel)", "--with", "+9996610001"])
        try await tmux.waitFor(timeout: 20, "the composer back") { lines in
            !lines.contains { $0.contains(Self.reason) } && lines.contains { $0.contains("›") && $0.contains("Message") }
        }
        try tmux.type("from Ada, now an admin")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "posted, with its tick") { $0.contains { $0.contains("from Ada, now an admin ✓") } }
        let history = try await server.telethonChat("history", session: linus, ["--with", "channel:\(channel)", "--limit", "10"])
        let texts = try #require(try history.json()["messages"] as? [[String: Any]], "\(history)").compactMap { $0["text"] as? String }
        #expect(texts.filter { $0 == "from Ada, now an admin" }.count == 1, "\(texts)")

        // An admin who deletes: Grace's post goes for everyone (a channel's only way: "Delete").
        try await MessageActionsTerminalTests.key(tmux, "Up")
        try await MessageActionsTerminalTests.key(tmux, "Up")
        try await MessageActionsTerminalTests.key(tmux, "d")
        try await tmux.waitFor(text: "Delete message?")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "Grace's post gone") { !$0.contains { $0.contains("release 1.0 is out") } }
        try await waitUntil("the post gone on the server", timeout: 20) {
            let after = try await server.telethonChat("history", session: linus, ["--with", "channel:\(channel)", "--limit", "10"])
            return (try after.json()["messages"] as? [[String: Any]] ?? []).allSatisfy { $0["text"] as? String != "release 1.0 is out" }
        }

        try await MessageActionsTerminalTests.key(tmux, "Escape")
        try await server.telethonChat("promote", session: grace, ["--channel", "channel:\(channel)", "--with", "+9996610001", "--demote"])
        try await tmux.waitFor(timeout: 20, "the reason back") { $0.contains { $0.contains(Self.reason) } }
    }
}
