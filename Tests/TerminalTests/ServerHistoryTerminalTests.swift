import Foundation
import Testing
import TestSupport

/// A chat whose history is on the server, read on Ada's phone: her first sync stores each
/// dialog's top message only, and the rest is a hole. Opening the chat and paging up fetches it (messages.getHistory,
/// a page at a time, the composer row saying so meanwhile) until the chat's first message
/// shows; every message is then stored once, each page fetched once.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ServerHistoryTerminalTests {
    static let code = "97531"

    /// At 160×48 the server answers 40 messages a page where 100 are asked: the chat pages on.
    @Test(arguments: [((80, 24), 100), ((160, 48), 40)])
    func pagingUpFetchesTheHistoryFromTheServer(size: (Int, Int), pageLimit: Int) async throws {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper", "--page-limit", String(pageLimit)])
        defer { server.stop() }
        let directory = try TemporaryDirectory("server-history")
        defer { directory.remove() }
        let container = directory.sub("container"), session = directory.sub("grace")
        try await server.telethonChat("login", session: session, ["--phone", "+999 66 2 0002", "--code", Self.code])
        try await server.telethonChat("send", session: session, ["--to", "+9996610001", "--text", "old", "--count", "250"], timeout: 240)
        // Read on Ada's phone: a first sync fetches a chat's unread messages, not its read ones.
        let phone = directory.sub("ada-phone")
        try await server.telethonChat("login", session: phone, ["--phone", "+999 66 1 0001", "--code", Self.code])
        try await server.telethonChat("read", session: phone, ["--with", "+9996620002"])
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", Self.code, "--container", container])
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])
        #expect(try await Self.stored(container).count == 1, "the first sync stores the dialog's top message only")

        let tmux = try TmuxSession(width: size.0, height: size.1, command: [Executables.path(Executables.main), "--container", container])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "Grace Hopper", timeout: 15)
        try await tmux.still()
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        // Opened: the screen wants more than the one message here, so the page below it comes.
        try await tmux.waitFor(text: "old 240", timeout: 20)

        // Page up until the chat's first message: each time the view reaches the oldest stored
        // message, the next page comes from the server.
        for _ in 0 ..< 80 {
            if try tmux.capture().contains(where: Self.isFirstMessage) { break }
            try tmux.press("PageUp")
            try await tmux.still()
        }
        let screen = try await tmux.waitFor(timeout: 20, "the chat's first message") { $0.contains(where: Self.isFirstMessage) }
        #expect(!screen.contains { $0.contains("not here") }, "\(screen.joined(separator: "\n"))")
        let texts = try await Self.stored(container)
        #expect(texts.count == 250 && Set(texts) == Set((1 ... 250).map { "old \($0)" }), "\(texts.count) stored")
        let pages = (249 + pageLimit - 1) / pageLimit
        #expect(server.stderrText.components(separatedBy: "getHistory user 1000001").count - 1 == pages,
                "\(pages) pages of at most \(pageLimit) for the 249 below the top (the last reaching id 1, the hole's bottom)")
    }

    static func isFirstMessage(_ line: String) -> Bool { line.range(of: #"\bold 1\s*(│.*)?$"#, options: .regularExpression) != nil }

    /// The chat's texts as `main messages` reads them (only what is stored).
    static func stored(_ container: String) async throws -> [String] {
        let output = try await MainInterfaceTerminalTests.run("main", ["messages", "--peer", "1000002", "--limit", "1000", "--json",
                                                                      "--container", container])
        let rows = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        return rows.compactMap { $0["text"] as? String }
    }
}
