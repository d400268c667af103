import Foundation
import Testing
import TestSupport

/// `?` (and F1, which works while typing) shows the keys from every context: the chat list, the
/// composer, a selected message; the composer types `?` as text. `q` asks before quitting, so a
/// stray `q` costs nothing; `q` then `y` quits with status 0.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct HelpAndQuitTerminalTests {
    func expectHelp(_ session: TmuxSession, opened key: () throws -> Void, context: String) async throws {
        try key()
        let screen = try await session.waitFor(text: "this help")
        #expect(screen.joined().contains("Everywhere"), "\(context): the first heading shows: \(screen.joined(separator: "\n"))")
        try await session.still()
        try session.press("Escape")
        try await session.waitFor("the help closed (\(context))") { !$0.joined().contains("this help") }
        try await session.still()
    }

    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func helpFromEveryContextAndQuitAsks(size: (Int, Int), term: String) async throws {
        let directory = try TemporaryDirectory("help")
        defer { directory.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: directory)
        let main = Executables.path(Executables.main)
        let status = directory.sub("status")
        let session = try TmuxSession(width: size.0, height: size.1,
                                      command: ["/bin/sh", "-c", TmuxSession.recordingExitStatus("'\(main)' run --container '\(container)'", in: status)],
                                      options: [("default-terminal", term)])
        defer { session.kill() }
        try await session.waitFor(text: "Chats")
        try await session.still()

        try await expectHelp(session, opened: { try session.type("?") }, context: "the chat list")
        try session.press("Enter")
        try await session.waitFor(text: "›  Message")
        try await session.still()
        // In the composer ? is text; F1 is the help, and the key line says so.
        try session.type("?")
        var screen = try await session.waitFor(text: "› ?")
        #expect(screen.last?.contains("F1 help") == true, "\(screen.last ?? "")")
        try session.press("BSpace")
        try await session.waitFor(text: "›  Message")
        try await expectHelp(session, opened: { try session.press("F1") }, context: "the composer")
        // A selected message: ? is the help.
        try session.press("Up")
        try await session.waitFor("a message selected") { $0.last?.contains("reply") == true }
        try await session.still()
        try await expectHelp(session, opened: { try session.type("?") }, context: "a selected message")
        try session.press("Escape")
        try await session.still()
        try session.press("Escape")
        try await session.waitFor("the chat closed, q quit offered") { $0.last?.contains("q quit") == true }
        try await session.still()

        // q asks; a stray word after it is kept by the question; Esc stays.
        try session.type("quinn")
        try await session.waitFor(text: "Quit Telegram?")
        try await session.still()
        try session.press("Escape")
        screen = try await session.waitFor("still running") { !$0.joined().contains("Quit Telegram?") && $0.joined().contains("Chats") }
        try await session.still()
        try session.type("q")
        try await session.waitFor(text: "Quit Telegram?")
        try await session.still()  // keys while a sheet rises are dropped, by design
        try session.type("y")
        #expect(try await session.exitStatus(recordedIn: status) == "0")
    }
}
