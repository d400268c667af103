import Foundation
import Testing
import TestSupport

/// The chat's pictures by graphics mode, and the bell, in the real `main` on a real terminal
/// (tmux): `TELEGRAM_GRAPHICS=none` keeps the placeholder line where half blocks could be drawn;
/// kitty's picture is sent (wrapped for tmux's passthrough, as `$TMUX` is set) and shown through
/// placeholder cells, then deleted at the end — read from every byte main wrote; and a message
/// that arrives while the pane is not focused rings the bell once.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct PicturesAndBellTerminalTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tic"), "tic is not installed"))
    func graphicsNoneShowsThePlaceholderLine() async throws {
        let terminfo = try await ChatContentTerminalTests.directColourTerminfo()
        defer { terminfo.remove() }
        let (session, _, base, _) = try await ChatContentTerminalTests.openGroup(
            width: 80, height: 24, environment: ChatContentTerminalTests.directColour(terminfo) + " TELEGRAM_GRAPHICS=none")
        defer { session.kill(); base.remove() }
        let screen = try await session.still()
        let rows = ChatContentTerminalTests.chatRows(screen)
        #expect(ChatContentTerminalTests.row(rows, matching: #"🖼 Photo( · \d+×\d+)?$"#) != nil, "\(screen.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains("▀▀▀▀") }, "no half blocks with graphics none")
        try session.press("q")
    }

    @Test func kittyPictureIsSentThroughPassthroughAndDeletedAtTheEnd() async throws {
        let (session, _, base, _) = try await ChatContentTerminalTests.openGroup(
            width: 160, height: 48, environment: "TELEGRAM_GRAPHICS=kitty", recording: true)
        defer { session.kill(); base.remove() }
        let transmission = "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,U=1,q=2,i=1,"
        try await session.waitFor(timeout: 10, "the photo's transmission") { _ in session.recorded().contains(transmission) }
        // The cells that show it: the placeholder with row 0's and column 0's diacritics.
        try await session.waitFor(timeout: 5, "the placeholder cells") { _ in session.recorded().contains("\u{10EEEE}\u{0305}\u{0305}") }
        try session.press("C-c")
        try await session.waitFor(timeout: 5, "main to end") { _ in (try? session.format("#{alternate_on}")) == "0" }
        #expect(session.recorded().contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,q=2,i=1\u{1B}\u{1B}\\\u{1B}\\"), "the image deleted")
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func messageWhileUnfocusedRingsTheBell(size: (Int, Int)) async throws {
        let base = try TemporaryDirectory("ui-bell")
        defer { base.remove() }
        let container = base.sub("container")
        try await MainInterfaceTerminalTests.run("main", ["login", "--phone", "+15550001", "--name", "Ada Tester", "--container", container])
        try await MainInterfaceTerminalTests.run("main", ["seed", "--peers", "5", "--messages", "40", "--seed", "3", "--container", container])
        let chats = try JSONSerialization.jsonObject(with: Data(try await MainInterfaceTerminalTests.run(
            "main", ["chats", "--json", "--container", container]).utf8)) as? [[String: Any]] ?? []
        let user = try #require(chats.first { ($0["muted"] as? Bool) != true && ($0["kind"] as? String) == "user" })
        let peer = try #require(user["peerId"] as? Int64)
        // A detached session has no focused client: with focus-events on, tmux tells the pane it is not focused.
        let session = try TmuxSession(width: size.0, height: size.1, command: [
            Executables.path(Executables.main), "run", "--container", container], recording: base.sub("output"),
            options: [(name: "focus-events", value: "on")])
        defer { session.kill() }
        try await session.waitFor(text: try #require(user["title"] as? String), timeout: 15)
        try await session.still()
        #expect(!session.recorded().contains("\u{07}"), "no bell before a message")
        try await MainInterfaceTerminalTests.run("main", ["push", "--peer", String(peer), "--text", "ring for Ada", "--container", container])
        try await session.waitFor(timeout: 10, "the message's bell") { _ in session.recorded().contains("\u{07}") }
        #expect(try session.format("#{window_bell_flag}") == "1")
        try await session.still()
        #expect(session.recorded().filter { $0 == "\u{07}" }.count == 1, "one bell for one arrival")
        try session.press("C-c")
    }
}
