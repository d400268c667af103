import Foundation
import Testing
import TestSupport

/// The chat list's p and m, as a person uses them with an account on the server: p pins the
/// selected chat (📌, to the top), m mutes it (🔕); both reach the server, so Ada's phone (Telethon)
/// reads the chat pinned and muted; pressed again they undo it there too.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ChatListPinMuteTerminalTests {
    static let code = "13579"

    /// Grace's dialog as Ada's phone reads it: (pinned, mute_until).
    static func graceOnThePhone(_ server: TestServer, phone: String) async throws -> (Bool, Int)? {
        let dialogs = try await server.telethonChat("dialogs", session: phone, [])
        let rows = try #require(try dialogs.json()["dialogs"] as? [[String: Any]], "\(dialogs)")
        return rows.first { $0["peer"] as? Int == 1_000_002 }.map { ($0["pinned"] as? Bool ?? false, $0["mute_until"] as? Int ?? 0) }
    }

    @Test(arguments: [((80, 24), "xterm-256color"), ((160, 48), "tmux-256color")])
    func pinAndMuteReachThePhone(size: (Int, Int), term: String) async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper", "--account", "+999 66 3 0003:Linus:Torvalds"])
        defer { server.stop() }
        let directory = try TemporaryDirectory("chat-list-pin-mute")
        defer { directory.remove() }
        let container = directory.sub("container"), phone = directory.sub("ada-phone")
        for (session, number, text) in [(directory.sub("grace"), "+999 66 2 0002", "from grace"), (directory.sub("linus"), "+999 66 3 0003", "from linus")] {
            try await server.telethonChat("login", session: session, ["--phone", number, "--code", Self.code])
            try await server.telethonChat("send", session: session, ["--to", "+9996610001", "--text", text])
        }
        try await server.telethonChat("login", session: phone, ["--phone", "+999 66 1 0001", "--code", Self.code])
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", Self.code, "--container", container])

        let tmux = try TmuxSession(width: size.0, height: size.1, command: [Executables.path(Executables.main), "--container", container],
                                   options: [("default-terminal", term)])
        defer { tmux.kill() }
        // Linus wrote last, so Grace is the second row: down to her, then p and m.
        try await tmux.waitFor(timeout: 20, "both chats") { lines in lines.contains { $0.contains("Linus Torvalds") } && lines.contains { $0.contains("Grace Hopper") } }
        try await tmux.still()
        try tmux.press("Down")
        try await tmux.still()
        try tmux.type("p")
        let pinned = try await tmux.waitFor(timeout: 10, "Grace pinned, on top") { lines in
            let rows = lines.filter { $0.contains("Grace Hopper") || $0.contains("Linus Torvalds") }
            return rows.first?.contains("Grace Hopper 📌") == true
        }
        #expect(!pinned.contains { $0.contains("Linus Torvalds 📌") }, "\(pinned.joined(separator: "\n"))")
        // The selection followed Grace to the top: m mutes her, not Linus.
        try tmux.type("m")
        try await tmux.waitFor(text: "Grace Hopper 📌🔕", timeout: 10)
        try await waitUntil("the phone reads Grace pinned and muted", timeout: 20) {
            try await Self.graceOnThePhone(server, phone: phone).map { $0.0 && $0.1 == Int(Int32.max) } ?? false
        }

        // Again: unpinned and heard, here and on the phone.
        try tmux.type("p")
        try await tmux.still()
        try tmux.type("m")
        try await tmux.waitFor(timeout: 10, "Grace neither pinned nor muted") { lines in
            lines.contains { $0.contains("Grace Hopper") && !$0.contains("📌") && !$0.contains("🔕") }
        }
        try await waitUntil("the phone reads Grace unpinned and unmuted", timeout: 20) {
            try await Self.graceOnThePhone(server, phone: phone).map { !$0.0 && $0.1 == 0 } ?? false
        }
        #expect(server.stderrText.contains("toggleDialogPin"), "\(server.stderrText.suffix(1500))")
    }
}
