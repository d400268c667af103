import Foundation
import Testing
import TestSupport

/// Keys in the real `main` under tmux whatever TERM says: with `TERM=xterm-256color` (what most
/// terminals and tmux set-ups export) tmux still sends its own Home (`ESC [1~`) and End
/// (`ESC [4~`), which xterm's terminfo does not name; kitty's and modifyOtherKeys' sequences and
/// F-keys with a modifier parameter come through too. Each is a key or nothing: never text.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct KeysInEveryTerminalTests {
    static let terminals = ["xterm-256color", "tmux-256color"]

    @Test(arguments: [(80, 24), (160, 48)], terminals)
    func homeEndAndForeignSequencesInTheComposer(size: (Int, Int), term: String) async throws {
        let directory = try TemporaryDirectory("keys")
        defer { directory.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: directory)
        let main = Executables.path(Executables.main)
        // tmux gives the pane its default-terminal as TERM; the shell notes what main got.
        let seen = directory.sub("term")
        let session = try TmuxSession(width: size.0, height: size.1,
                                      command: ["sh", "-c", "echo \"$TERM\" > '\(seen)'; exec '\(main)' run --container '\(container)'"],
                                      options: [("default-terminal", term)])
        defer { session.kill() }
        try await session.waitFor(text: "Chats")
        try await session.still()
        #expect(try String(contentsOfFile: seen, encoding: .utf8) == term + "\n")
        // In the chat list, Home and End move the selection; nothing is typed anywhere.
        try session.press("End")
        try session.press("Home")
        var screen = try await session.still()
        #expect(!screen.joined().contains("1~") && !screen.joined().contains("4~"), "\(screen.joined(separator: "\n"))")
        try session.press("Enter")
        try await session.waitFor(text: "›  Message")
        try await session.still()
        try session.type("hello")
        try session.press("Home")
        try session.type("X")
        try await session.waitFor(text: "› Xhello")
        try session.press("End")
        try session.type("Y")
        try await session.waitFor(text: "› XhelloY")
        // tmux's Home and End as raw bytes, whichever TERM tmux was told.
        try session.send(bytes: "\u{1B}[1~")
        try session.type("<")
        try session.send(bytes: "\u{1B}[4~")
        try session.type(">")
        try await session.waitFor(text: "› <XhelloY>")
        // kitty's Alt-9, F12 with xterm's modifier parameter, a kitty key release, an unknown ~ key:
        // none of them is text.
        for sequence in ["\u{1B}[57;3u", "\u{1B}[24;1~", "\u{1B}[97;1:3u", "\u{1B}[99~"] { try session.send(bytes: sequence) }
        try session.type("!")
        screen = try await session.waitFor(text: "› <XhelloY>!")
        for junk in ["57;3u", "24;1~", "97;1:3u", "99~"] {
            #expect(!screen.joined().contains(junk), "\(junk) typed: \(screen.joined(separator: "\n"))")
        }
    }
}
