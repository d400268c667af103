import Foundation
import Testing
import TestSupport

/// Enter on a t.me link to someone no chat here has: the running app asks the server on its own
/// connection (the interface says it is looking), then opens his chat; a name nobody has is said.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ServerUsernameTerminalTests {
    typealias Keys = MessageActionsTerminalTests
    static let code = "13579"

    @Test(arguments: [(80, 24), (160, 48)])
    func aLinkToAStrangerOpensHisChat(size: (Int, Int)) async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper",
                                                           "--public-account", "+999 66 3 0003:Linus:Torvalds::linus_t"])
        defer { server.stop() }
        let directory = try TemporaryDirectory("server-username")
        defer { directory.remove() }
        let container = directory.sub("container"), session = directory.sub("grace")
        func grace(_ command: String, _ arguments: [String]) async throws {
            try await server.telethonChat(command, session: session, arguments)
        }
        try await grace("login", ["--phone", "+999 66 2 0002", "--code", Self.code])
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", Self.code, "--container", container])
        try await grace("send", ["--to", "+9996610001", "--text", "meet t.me/linus_t"])
        try await grace("send", ["--to", "+9996610001", "--text", "and t.me/nobody_here"])
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])

        let tmux = try TmuxSession(width: size.0, height: size.1, command: [Executables.path(Executables.main), "--container", container])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "Grace Hopper", timeout: 15)
        try await tmux.still()
        try await Keys.key(tmux, "Enter")
        try await tmux.waitFor(text: "and t.me/nobody_here", timeout: 10)

        // The newest message: its one link, a name nobody has.
        try await Keys.key(tmux, "Up")
        try await Keys.key(tmux, "Enter")
        try await tmux.waitFor(text: "Nobody has the username @nobody_here", timeout: 25)

        // The one before: Linus, looked up, then his chat open (empty: nothing written yet).
        try await Keys.key(tmux, "Up")
        try await Keys.key(tmux, "Enter")
        let screen = try await tmux.waitFor(timeout: 25, "Linus's chat open") { lines in
            lines.prefix(3).contains { $0.contains("Linus Torvalds") } && !lines.contains { $0.contains("meet t.me/linus_t") && !$0.contains("│") }
        }
        #expect(!screen.contains { $0.contains("Cannot open") }, "\(screen.joined(separator: "\n"))")
        #expect(server.stderrText.components(separatedBy: "resolveUsername user").count - 1 == 2, "each name asked once")
    }
}
