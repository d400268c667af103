import Foundation
import Testing
import TestSupport

/// The person's configuration file in the real `main`: XDG_CONFIG_HOME points at a folder with a
/// config.toml that sets vim style and rebinds keys (they work, and the key line names them); a
/// broken file is named with its line while the default keys work; and the default theme leaves
/// the terminal's own background alone.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ConfigurationTerminalTests {
    /// `main run` on a seeded container with `config` as its config.toml.
    static func start(_ config: String, in directory: TemporaryDirectory) async throws -> (TmuxSession, String) {
        let container = try await MainInterfaceTerminalTests.seededContainer(in: directory)
        let xdg = directory.sub("xdg")
        let folder = xdg + "/ph.telegra.Telegraph"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try config.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let main = Executables.path(Executables.main)
        let script = "XDG_CONFIG_HOME='\(xdg)' '\(main)' run --container '\(container)'; exec sleep 60"
        let session = try TmuxSession(width: 80, height: 24, command: ["/bin/sh", "-c", script])
        return (session, container)
    }

    @Test func vimStyleAndRebindings() async throws {
        let directory = try TemporaryDirectory("config")
        defer { directory.remove() }
        let (session, container) = try await Self.start("style = \"vim\"\n[keys.list]\nsearch = \"s\"\n[keys.global]\nquit = \"ctrl-q\"\n", in: directory)
        defer { session.kill() }
        let chats = try JSONSerialization.jsonObject(with: Data(try await MainInterfaceTerminalTests.run("main", ["chats", "--json", "--limit", "3", "--container", container]).utf8))
        let second = try #require((chats as? [[String: Any]])?.dropFirst().first?["title"] as? String)
        var screen = try await session.waitFor(text: "s search")
        #expect(screen.last?.contains("^Q quit") == true, "\(screen)")
        // j moves down, Enter opens the second chat.
        try session.type("j")
        try session.press("Enter")
        try await session.waitFor("the second chat open") { $0[0].hasPrefix("‹ Chats") && $0[0].contains(second) }
        try session.press("Escape")
        try await session.waitFor("the list") { !$0[0].contains("‹") }
        // s opens the search; / does not.
        try session.type("s")
        try await session.waitFor(text: "searches messages too")
        try session.press("Escape")
        try await session.waitFor("the list") { !$0[0].contains("‹") }
        // q is no longer quit; ^Q is.
        try session.type("q")
        screen = try await session.still()
        #expect(screen[0].contains("Chats"), "q does not quit")
        try session.press("C-q")
        try await session.waitFor("main to end") { $0.allSatisfy { !$0.contains("Chats") } }
    }

    @Test func brokenFileIsNamedWithItsLineAndTheDefaultsWork() async throws {
        let directory = try TemporaryDirectory("config")
        defer { directory.remove() }
        let (session, _) = try await Self.start("theme = \"terminal\"\n[keys.list]\nsearch = \"s\n", in: directory)
        defer { session.kill() }
        // The notice and the key line can come in different frames on a loaded machine: both are waited for.
        let screen = try await session.waitFor("the notice and the default keys") { lines in
            lines.contains { $0.contains("config.toml line 3") } && lines.last?.contains("/ search") == true
        }
        #expect(screen.contains { $0.contains("Error while parsing") }, "\(screen)")
        try session.type("/")
        try await session.waitFor("the search open") { $0[0].hasPrefix("‹ Chats") && $0[0].contains("Search") }
    }

    /// The terminal theme (the default) sets no background colour on the bars and plain rows: a
    /// dark terminal stays dark (the day theme painted it white).
    @Test func terminalThemeLeavesTheBackgroundAlone() async throws {
        let directory = try TemporaryDirectory("config")
        defer { directory.remove() }
        let (session, _) = try await Self.start("", in: directory)
        defer { session.kill() }
        try await session.waitFor(text: "? help")
        let styled = try session.capture(styled: true)
        let background = try NSRegularExpression(pattern: "\u{1B}\\[(?:[0-9;]*;)?(?:4[0-7]|48;[25];[0-9;]+|10[0-7])m")
        for row in [0, 1, styled.count - 1] {
            let line = styled[row]
            #expect(background.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) == nil,
                    "row \(row) sets a background: \(line.debugDescription)")
        }
    }
}
