import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// display-demo in a real terminal (tmux): the backend draws through ncursesw, keys, pastes
/// and resizes come back as Display events, and the terminal is left as it was.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct DisplayDemoTerminalTests {
    /// display-demo, built beside this test binary (`swift build --build-tests` builds it).
    static let demo = Executables.path("display-demo")

    /// Starts the demo in a fresh terminal and waits for its first frame.
    func start(width: Int = 80, height: Int = 24, command: [String]? = nil) async throws -> TmuxSession {
        guard FileManager.default.isExecutableFile(atPath: Self.demo) else {
            throw TmuxSession.Failure(description: "display-demo not found at \(Self.demo); build with `swift build --build-tests`")
        }
        let session = try TmuxSession(width: width, height: height, command: command ?? [Self.demo, "--events"])
        try await session.waitFor(text: "last event: none")
        return session
    }

    @Test func drawsTheBoxTitleAndSize() async throws {
        let session = try await start()
        defer { session.kill() }
        let screen = try session.capture()
        #expect(screen.count == 24)
        #expect(screen[0].hasPrefix("┌─display-demo─"))
        #expect(screen[0].hasSuffix("┐"))
        #expect(screen[0].count == 80)
        // The bottom-right cell is drawn without scrolling the screen.
        #expect(screen[23] == "└" + String(repeating: "─", count: 78) + "┘")
        #expect(screen.contains { $0.contains("size: 80x24") })
        #expect(screen.contains { $0.contains("colours: ") })
        for line in screen[1 ..< 23] {
            #expect(line.hasPrefix("│") && line.hasSuffix("│"), "\(line)")
        }
    }

    @Test func keysShowAsTheLastEvent() async throws {
        let session = try await start()
        defer { session.kill() }
        try session.type("x")
        try await session.waitFor(text: "last event: key x")
        // tmux key names, and what the demo shows for each.
        for (key, shown) in [("Escape", "escape"), ("M-x", "Alt-x"), ("C-Left", "Ctrl-left"), ("S-Up", "Shift-up"),
                             ("F5", "F5"), ("BTab", "backTab"), ("C-w", "Ctrl-w"), ("BSpace", "backspace"),
                             ("Enter", "enter"), ("Tab", "tab"), ("PPage", "pageUp"), ("DC", "delete")] {
            try session.press(key)
            try await session.waitFor(text: "last event: key \(shown) ")
        }
        // A ZWJ sequence typed at once is one key (the demo spells out its scalars).
        try session.type("👩‍👩‍👧")
        try await session.waitFor(text: "(U+1F469 U+200D U+1F469 U+200D U+1F467)")
    }

    @Test func pasteArrivesWhole() async throws {
        let session = try await start()
        defer { session.kill() }
        try session.paste("hello\nworld")
        try await session.waitFor(text: "last event: paste 11 characters: hello␊world")
    }

    @Test func resizeShowsTheNewSize() async throws {
        let session = try await start()
        defer { session.kill() }
        try session.resize(width: 100, height: 30)
        // The frame arrives in more than one write: wait for its last row too.
        let screen = try await session.waitFor("the 100x30 frame") { screen in
            screen.contains { $0.contains("size: 100x30") } && screen.count == 30 && screen[29].hasSuffix("┘")
        }
        #expect(screen.count == 30)
        #expect(screen[0].count == 100 && screen[0].hasSuffix("┐"))
        #expect(screen[29] == "└" + String(repeating: "─", count: 98) + "┘")
        #expect(screen.contains { $0.contains("last event: resize 100x30") })
        try session.resize(width: 60, height: 20)
        try await session.waitFor(text: "size: 60x20")
    }

    /// The terminal modes a full-screen program changes, as tmux sees them in a live pane.
    static let modes = "alternate #{alternate_on} cursor #{cursor_flag} keypad #{keypad_flag} mouse #{mouse_any_flag}"
    static let restoredModes = "alternate 0 cursor 1 keypad 0 mouse 0"

    /// Runs the demo from a shell that, once it ends, writes its exit status and `stty -a` to a
    /// file and stays (so tmux's view of the modes is of a live pane); `end` makes it end.
    func afterDemoEnds(_ end: (TmuxSession, Int32) throws -> Void) async throws -> (report: String, modes: String) {
        let reportPath = FileManager.default.temporaryDirectory.appendingPathComponent("tg-stty-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: reportPath) }
        let partial = reportPath + ".partial"
        let script = "'\(Self.demo)' --events; echo $? > '\(partial)'; stty -a >> '\(partial)'; mv '\(partial)' '\(reportPath)'; exec sleep 60"
        let session = try await start(command: ["/bin/sh", "-c", script])
        defer { session.kill() }
        let pid = try session.capture().lazy.compactMap { line -> Int32? in
            guard let range = line.range(of: "pid: ") else { return nil }
            return Int32(line[range.upperBound...].prefix { $0.isNumber })
        }.first
        try end(session, try #require(pid))
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: reportPath) && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let report = try String(contentsOfFile: reportPath, encoding: .utf8)
        return (report, try session.format(Self.modes))
    }

    /// Checks `stty -a` output for a cooked terminal: canonical input, echo, signals from keys.
    func expectCooked(_ report: String) {
        let words = report.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
        #expect(words.contains("icanon") && words.contains("echo") && words.contains("isig"), "\(report)")
    }

    /// q quits with status 0 and leaves the terminal as it was: cooked, the cursor shown, the
    /// alternate screen left, keypad and mouse reporting off.
    @Test func qQuitsAndLeavesTheTerminalAsItWas() async throws {
        let (report, modes) = try await afterDemoEnds { session, _ in try session.type("q") }
        #expect(report.hasPrefix("0\n"), "exit status: \(report.prefix(4))")
        expectCooked(report)
        #expect(modes == Self.restoredModes)
    }

    @Test func controlCQuits() async throws {
        let (report, _) = try await afterDemoEnds { session, _ in try session.press("C-c") }
        #expect(report.hasPrefix("0\n"), "exit status: \(report.prefix(4))")
    }

    /// SIGTERM (a `kill`, a closing terminal) leaves the terminal cooked, with the cursor back,
    /// the alternate screen left and mouse reporting off, and the process ends by that signal.
    @Test func sigtermRestoresTheTerminal() async throws {
        let (report, modes) = try await afterDemoEnds { _, pid in #expect(Glibc.kill(pid, SIGTERM) == 0) }
        #expect(report.hasPrefix("143\n"), "exit status: \(report.prefix(4))")  // 128 + SIGTERM
        expectCooked(report)
        #expect(modes == Self.restoredModes)
    }
}
