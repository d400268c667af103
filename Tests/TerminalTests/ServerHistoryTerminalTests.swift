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
        let (server, directory) = try await Self.graceWrites(250, "old", pageLimit: pageLimit)
        defer { server.stop(); directory.remove() }
        let container = directory.sub("container")
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

    /// More unread than a first sync fetches (340; it fetches 300): the oldest page of them comes
    /// first, so the chat opens at the first unread message with the hole above it; reading down
    /// fetches the hole from its bottom (getHistory with a negative add_offset), and no screen
    /// ever shows a message next to one that is not the next. At 160×48 the server answers 40 a
    /// page where 100 are asked: a short forward page proves nothing below it, so what lies between
    /// is fetched back from it.
    @Test(arguments: [((80, 24), 100), ((160, 48), 40)])
    func readingDownFromTheFirstUnreadFetchesTheHoleAboveIt(size: (Int, Int), pageLimit: Int) async throws {
        let (server, directory) = try await Self.graceWrites(340, "unread", pageLimit: pageLimit)
        defer { server.stop(); directory.remove() }
        let container = directory.sub("container")
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", Self.code, "--container", container])
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])
        let synced = try await Self.stored(container)
        #expect(synced.count < 340 && synced.contains("unread 1") && synced.contains("unread 340"),
                "the first sync stores the oldest unread and the newest, a hole between: \(synced.count) stored")

        let tmux = try TmuxSession(width: size.0, height: size.1, command: [Executables.path(Executables.main), "--container", container])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "Grace Hopper", timeout: 15)
        try await tmux.still()
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        let opened = try await tmux.waitFor(timeout: 20, "the divider above the first unread message") { lines in
            guard let divider = lines.firstIndex(where: { $0.contains("340 unread messages") }) else { return false }
            return lines[divider...].dropFirst().prefix(3).contains { Self.number($0) == 1 }
        }
        #expect(Self.consecutive(opened), "\(opened.joined(separator: "\n"))")

        // Down to the newest: each screen holds only consecutive messages.
        var seen = Set<Int>()
        for _ in 0 ..< 120 {
            let screen = try tmux.capture()
            #expect(Self.consecutive(screen), "a message shown next to one that is not the next:\n\(screen.joined(separator: "\n"))")
            seen.formUnion(screen.compactMap(Self.number))
            if seen.contains(340) { break }
            try tmux.press("PageDown")
            try await tmux.still()
        }
        #expect(seen == Set(1 ... 340), "\(Set(1 ... 340).subtracting(seen).sorted().prefix(10)) never shown")
        let screen = try tmux.capture()
        #expect(!screen.contains { $0.contains("not here") }, "\(screen.joined(separator: "\n"))")
        let texts = try await Self.stored(container)
        #expect(texts.count == 340 && Set(texts) == Set((1 ... 340).map { "unread \($0)" }), "\(texts.count) stored")
        #expect(server.stderrText.contains("getHistory user 1000001 peer 1000002"), "the hole fetched from the server")
    }

    /// A message pinned long before Ada's first sync, far below the top message it stores: no
    /// difference says it. Opening the chat asks the server for its pins (messages.search with
    /// the pinned filter), and the bar shows it; the history still stops at the hole above it, and
    /// reading back to it stores it once.
    @Test func aPinFromBeforeTheFirstSyncShowsWhenTheChatOpens() async throws {
        let (server, directory) = try await Self.graceWrites(150, "old", pageLimit: 100)
        defer { server.stop(); directory.remove() }
        let container = directory.sub("container"), phone = directory.sub("ada-phone")
        // Grace's own ids are 1…150: she pins "old 5" for both sides.
        try await server.telethonChat("pin", session: directory.sub("grace"), ["--with", "+9996610001", "--id", "5"])
        try await server.telethonChat("login", session: phone, ["--phone", "+999 66 1 0001", "--code", Self.code])
        try await server.telethonChat("read", session: phone, ["--with", "+9996620002"])
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", Self.code, "--container", container])
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])
        // The pin's service message is the chat's newest, named before "old 5" is here.
        #expect(try await Self.stored(container) == ["Grace Hopper pinned a message"], "the first sync stores the top message only")

        let tmux = try TmuxSession(width: 80, height: 24, command: [Executables.path(Executables.main), "--container", container])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "Grace Hopper", timeout: 15)
        try await tmux.still()
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        let screen = try await tmux.waitFor(text: "📌 Pinned: old 5", timeout: 20)
        #expect(server.stderrText.contains("search user 1000001 peer 1000002: 1 of 1"), "asked once, with the pinned filter")
        // In the history, only what is next to the newest shows: "old 5" is not beside it.
        // The pin's service message names it: the pinned message was stored with the chat's pins.
        #expect(screen.contains { $0.contains("Grace Hopper pinned \"old 5\"") }, "\(screen.joined(separator: "\n"))")
        let shown = screen.filter { !$0.contains("Pinned:") && !$0.contains("pinned \"") }.compactMap { line in
            line.range(of: #"\bold \d+\b"#, options: .regularExpression).map { String(line[$0]) }
        }
        #expect(!shown.isEmpty && shown == (150 - shown.count + 1 ... 150).map { "old \($0)" }, "\(screen.joined(separator: "\n"))")
        // Read back to the chat's first message: "old 5" comes in its place, stored once.
        for _ in 0 ..< 40 {
            if try tmux.capture().contains(where: Self.isFirstMessage) { break }
            try tmux.press("PageUp")
            try await tmux.still()
        }
        let top = try await tmux.waitFor(timeout: 20, "the chat's first message") { $0.contains(where: Self.isFirstMessage) }
        #expect(top.contains { $0.contains("📌 Pinned: old 5") }, "\(top.joined(separator: "\n"))")
        let texts = try await Self.stored(container)
        #expect(texts.count == 151 && Set(texts) == Set((1 ... 150).map { "old \($0)" } + ["Grace Hopper pinned a message"]), "\(texts.count) stored")

    }

    /// A hole in the middle (a difference too long, the newest 300 fetched), and a server that
    /// answers a page read forward with the page below its offset: the chat, read down from the
    /// first unread message, stops at the hole and says the newer messages are not to be had
    /// now; nothing is shown or stored that the server did not give for that place.
    @Test func aForwardPageFromElsewhereIsRefused() async throws {
        let server = try TestServer.start(misbehave: ["history-below-offset"],
                                          extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper", "--difference-too-long", "5"])
        defer { server.stop() }
        let directory = try TemporaryDirectory("server-history-hostile")
        defer { directory.remove() }
        let container = directory.sub("container"), grace = directory.sub("grace")
        try await server.telethonChat("login", session: grace, ["--phone", "+999 66 2 0002", "--code", Self.code])
        try await server.telethonChat("send", session: grace, ["--to", "+9996610001", "--text", "early", "--count", "5"])
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", Self.code, "--container", container])
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])
        try await server.telethonChat("send", session: grace, ["--to", "+9996610001", "--text", "late", "--count", "350"], timeout: 240)
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])
        let before = try await Self.stored(container)
        #expect(before.contains("early 5") && before.contains("late 350") && !before.contains("late 1"), "a hole after early 5: \(before.count)")

        let tmux = try TmuxSession(width: 80, height: 24, command: [Executables.path(Executables.main), "--container", container])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "Grace Hopper", timeout: 15)
        try await tmux.still()
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(text: "early 1", timeout: 15)
        for _ in 0 ..< 3 {
            try tmux.press("PageDown")
            try await tmux.still()
        }
        let screen = try await tmux.waitFor(text: "Newer messages are on the server, not here", timeout: 20)
        #expect(screen.contains { $0.contains("early 5") } && !screen.contains { $0.contains("late") }, "\(screen.joined(separator: "\n"))")
        #expect(try await Self.stored(container) == before, "nothing stored from the wrong page")
    }

    /// A server answering at most `pageLimit` a page, where Grace (logged in with Telethon) has
    /// sent Ada `count` messages "`text` 1"…; a directory for Ada's container (`container`).
    static func graceWrites(_ count: Int, _ text: String, pageLimit: Int) async throws -> (TestServer, TemporaryDirectory) {
        let server = try TestServer.start(extraArguments: ["--login-code", Self.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                                           "--account", "+999 66 2 0002:Grace:Hopper", "--page-limit", String(pageLimit)])
        do {
            let directory = try TemporaryDirectory("server-history")
            let session = directory.sub("grace")
            try await server.telethonChat("login", session: session, ["--phone", "+999 66 2 0002", "--code", Self.code])
            try await server.telethonChat("send", session: session, ["--to", "+9996610001", "--text", text, "--count", String(count)], timeout: 240)
            return (server, directory)
        } catch {
            server.stop()
            throw error
        }
    }

    /// The N of a line showing the message "unread N" in the chat (beside the list at 160
    /// columns, whose preview is left out).
    static func number(_ line: String) -> Int? {
        let chat = line.firstIndex(of: "│").map { line[line.index(after: $0)...] } ?? line[...]
        guard let match = chat.range(of: #"\bunread \d+\b"#, options: .regularExpression) else { return nil }
        return Int(chat[match].dropFirst("unread ".count))
    }

    /// The messages a screen shows follow each other, none missing between.
    static func consecutive(_ screen: [String]) -> Bool {
        let numbers = screen.compactMap(number)
        return zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 }
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
