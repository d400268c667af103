import Foundation
import Testing
import TestSupport

/// An account on the test server, its chat with Grace open in the real `main` in tmux: what
/// Grace (Telethon, an independent client) sends while it is open appears in the chat, pushed by
/// the server and applied by the app's own connection, with no command run; what is typed there
/// shows a clock until the server's answer (held back 2 s here), then ✓, and Grace has it once.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ServerChatTerminalTests {
    static let code = "24680"

    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func aMessageFromTheServerAppearsInTheOpenChatAndOneTypedThereReachesIt(size: (Int, Int), term: String) async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper",
                                                           "--answer-late", "messages.sendMessage=2"])
        defer { server.stop() }
        let directory = try TemporaryDirectory("server-chat")
        defer { directory.remove() }
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
        try tmux.type("typed on the terminal")
        try tmux.press("Enter")
        try await tmux.waitFor(timeout: 10, "the clock while the server's answer is held") {
            $0.contains { $0.contains("typed on the terminal") && $0.contains("◷") }
        }
        let sent = try await tmux.waitFor(timeout: 15, "✓ once the answer came") {
            $0.contains { $0.contains("typed on the terminal") && $0.contains("✓") } && !$0.contains { $0.contains("◷") }
        }
        // Once in the chat (side by side, the list's preview of it is the other line).
        #expect(sent.filter { $0.contains("You: typed on the terminal") }.count == 1, "\(sent.joined(separator: "\n"))")
        let history = try await grace("history", ["--with", "+9996610001", "--limit", "10"])
        let texts = (try history.json()["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(texts.filter { $0 == "typed on the terminal" }.count == 1, "\(texts)")
    }
}
