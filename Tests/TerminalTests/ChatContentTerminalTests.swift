import Foundation
import Testing
import TestSupport

/// A chat of an imported export in the real `main` on a real terminal (tmux): what its messages
/// carry — the replied message's quote, "Forwarded from", "edited", the photo, the file the export
/// left out, the voice message, the sticker, the pinned-message line — at 160×48 beside the chat
/// list and at 80×24 on its own, wrapped to the width; and the photo as a picture where the
/// terminal has true colour.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ChatContentTerminalTests {
    /// A logged-in container with a generated export imported (eight chats of 50 messages: every
    /// variation the generator writes shows in a group's last screen), and the group to open: its
    /// title, its place in the chat list and the word the generator puts in its texts.
    static func importedGroup(in base: TemporaryDirectory) async throws -> (container: String, title: String, row: Int, word: String) {
        let container = base.sub("container"), export = base.sub("export")
        try await MainInterfaceTerminalTests.run("main", ["login", "--phone", "+15550001", "--name", "Ada Tester", "--container", container])
        try await ExportGenerator.write(export, ["--messages", "400", "--chats", "8"])
        try await MainInterfaceTerminalTests.run("main", ["import", "telegram-export", export, "--container", container])
        let chats = try JSONSerialization.jsonObject(with: Data(try await MainInterfaceTerminalTests.run(
            "main", ["chats", "--json", "--container", container]).utf8)) as? [[String: Any]] ?? []
        let row = try #require(chats.firstIndex { $0["kind"] as? String == "group" }, "no basic group in \(chats)")
        let title = try #require(chats[row]["title"] as? String)
        // "Group Coffee 3": the generator's chat 3, whose texts say "chat3word".
        return (container, title, row, "chat\(title.split(separator: " ").last ?? "")word")
    }

    /// `main run` in a `width` × `height` terminal with the group open; `environment` before it
    /// (a terminal type). Returns the session and the chat's screen once its newest message shows.
    static func openGroup(width: Int, height: Int, environment: String = "", recording: Bool = false) async throws
        -> (session: TmuxSession, screen: [String], base: TemporaryDirectory, word: String) {
        let base = try TemporaryDirectory("ui-content")
        let (container, title, row, word) = try await importedGroup(in: base)
        let session = try TmuxSession(width: width, height: height, command: [
            "/bin/sh", "-c", "\(environment) '\(Executables.path(Executables.main))' run --container '\(container)'; exec sleep 60"],
            recording: recording ? base.sub("output") : nil)
        _ = try await session.waitFor(text: title, timeout: 15)
        for _ in 0 ..< row { try session.press("Down") }
        try session.press("Enter")
        // The newest message (50) is a forward: its header and its text end the history.
        _ = try await session.waitFor(timeout: 10, "the group's newest message") { screen in
            screen.contains { $0.contains("Forwarded from Barbara Liskov") } && screen.contains { $0.contains("\(word) 50 ") }
        }
        return (session, try await session.still(), base, word)
    }

    /// The chat's rows from its margin column: right of the list's column when there is one.
    static func chatRows(_ screen: [String]) -> [String] {
        screen.map { line in line.range(of: "│").map { String(line[$0.upperBound...]) } ?? line }
    }

    static func row(_ rows: [String], matching pattern: String) -> String? {
        rows.first { $0.range(of: pattern, options: .regularExpression) != nil }
    }

    @Test func wideTerminalShowsWhatTheMessagesCarry() async throws {
        let (session, screen, base, word) = try await Self.openGroup(width: 160, height: 48)
        defer { session.kill(); base.remove() }
        let rows = Self.chatRows(screen)
        let shown = screen.joined(separator: "\n")
        // A reply: the replied message's author and first line after the bar, on the sender's line.
        #expect(Self.row(rows, matching: #"^ ?\d\d:\d\d [A-Z][a-z]+ [A-Z][a-z]+: ┃ (You|[A-Z][a-z]+ [A-Z][a-z]+): \#(word) \d+ "#) != nil, "\(shown)")
        // A forward's header, its text on the next row under the text column.
        let forward = try #require(rows.firstIndex { $0.contains(": Forwarded from Barbara Liskov") }, "\(shown)")
        #expect(rows[forward + 1].hasPrefix("       \(word) "), "\(shown)")
        #expect(Self.row(rows, matching: #": 📎 report-\d+\.pdf · 1 KB · application/pdf · not included$"#) != nil, "the file the export left out: \(shown)")
        #expect(Self.row(rows, matching: #"You: 🖼 Photo( · \d+×\d+)?$"#) != nil, "no true colour here: the photo is a line: \(shown)")
        #expect(Self.row(rows, matching: #": 🎤 Voice message"#) != nil && Self.row(rows, matching: #": (\S+ )?Sticker$"#) != nil, "\(shown)")
        #expect(Self.row(rows, matching: #"\#(word) 28 .*  edited$"#) != nil, "an edited message says so: \(shown)")
        // A service line, centred (no time, far from the left edge).
        #expect(Self.row(rows, matching: #"^ {20,}[A-Z][a-z]+ [A-Z][a-z]+ pinned a message$"#) != nil, "\(shown)")
        try session.press("q")
    }

    @Test func narrowTerminalWrapsAndCutsToTheWidth() async throws {
        let (session, screen, base, word) = try await Self.openGroup(width: 80, height: 24)
        defer { session.kill(); base.remove() }
        let shown = screen.joined(separator: "\n")
        // The reply to message 48 quotes it on the sender's row (cut with "…" when longer), its own
        // text on the next row under the text column.
        let quote = try #require(screen.firstIndex { $0.range(of: #": ┃ .*: \#(word) 48 "#, options: .regularExpression) != nil }, "\(shown)")
        #expect(screen[quote + 1].hasPrefix("       \(word) 49 "), "\(shown)")
        // The formatted message wraps under its text column, every word kept, in order.
        let start = try #require(screen.firstIndex { $0.contains("Formatted 45:") }, "\(shown)")
        // One word of each entity the generator writes (Scripts/gen_telegram_export.py, the formatted message).
        var words: [Substring] = []
        for line in screen[start...] {
            if line != screen[start] && !line.hasPrefix("       ") { break }
            words += line.split(separator: " ")
        }
        // The spoiler's word is hidden, drawn as ░ (ChatLineDrawing).
        let expected = ["@grace", "#news", "/start", "https://telegram.org", "ada@example.com", "bold", "italic", "code", "docs",
                        "Grace", "+4930123456", "$TSLA", "underlined", "struck", "quoted", "4242424242424242"]
        #expect(words.filter { expected.contains(String($0)) }.map(String.init) == expected, "\(shown)")
        #expect(!words.contains("secret") && words.contains { $0.hasPrefix("░░░░░░") }, "\(shown)")
        #expect(screen.count == 24 && screen.allSatisfy { $0.count <= 80 }, "\(shown)")
        try session.press("q")
    }

    /// With a direct-colour terminal type (compiled here with `tic`), the photo is a picture:
    /// 16 columns of half blocks, 8 rows, under its sender's line, in the photo's colours.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tic"), "tic is not installed"))
    func trueColourTerminalDrawsThePhoto() async throws {
        let terminfo = try await Self.directColourTerminfo()
        defer { terminfo.remove() }
        let (session, _, base, _) = try await Self.openGroup(width: 160, height: 48,
                                                                  environment: Self.directColour(terminfo))
        defer { session.kill(); base.remove() }
        // Drawn off the main thread: the picture comes a moment after the chat.
        let pictureRow = "       " + String(repeating: "▀", count: 16)
        let drawn = try await session.waitFor(timeout: 10, "the photo's picture") { Self.chatRows($0).contains { $0.hasPrefix(pictureRow) } }
        let rows = Self.chatRows(drawn)
        let picture = rows.indices.filter { rows[$0].hasPrefix(pictureRow) }
        #expect(picture.count >= 8, "no picture rows: \(drawn.joined(separator: "\n"))")
        if let first = picture.first {
            #expect(rows[first - 1].range(of: #"^ ?\d\d:\d\d You:$"#, options: .regularExpression) != nil, "\(rows[first - 1])")
        }
        #expect(try session.capture(styled: true).joined().contains("38;2;"), "the picture's colours are not direct colours")
        try session.press("q")
    }

    /// A direct-colour terminal type for tmux, compiled with `tic` into a temporary folder.
    static func directColourTerminfo() async throws -> TemporaryDirectory {
        let terminfo = try TemporaryDirectory("ui-terminfo")
        let source = terminfo.sub("direct.src")
        try """
        tmux-direct|tmux with direct colour,
        \tuse=tmux-256color, colors#0x1000000, pairs#0x10000, RGB,
        \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,
        \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,

        """.write(toFile: source, atomically: true, encoding: .utf8)
        let compiled = try await RunningProcess.run("/usr/bin/tic", ["-x", "-o", terminfo.sub("db"), source])
        try #require(compiled.succeeded, "\(compiled)")
        return terminfo
    }

    /// The environment that puts `main` on that terminal type.
    static func directColour(_ terminfo: TemporaryDirectory) -> String {
        "TERMINFO='\(terminfo.sub("db"))' TERM=tmux-direct"
    }
}
