import Foundation
import Testing
import TestSupport

/// A group call in the real `main` in tmux ("a call started from Calls shows in the
/// corner while `broadcast` streams into it"): `c` on the Calls tab starts it into the corner box,
/// the `broadcast` extension (another process) streams into it and the box shows its live figures,
/// F7 opens the call screen, `e` ends the call there and the box is gone; `main call stats` (a
/// third process) reads the call ended by the interface.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct CallsTerminalTests {
    /// A box line with a nonzero frame rate and nonzero verified frames, the extension active.
    static func streamingFigures(_ line: String) -> Bool {
        guard let match = line.firstMatch(of: /│ (\d+) fps · (\d+) ✓ · active/) else { return false }
        return (Int(match.1) ?? 0) > 0 && (Int(match.2) ?? 0) > 0
    }

    @Test func callFromCallsTabStreamsIntoTheCornerAndEnds() async throws {
        let directory = try TemporaryDirectory("ui")
        defer { directory.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: directory)
        let main = Executables.path(Executables.main)
        let session = try TmuxSession(width: 100, height: 30,
                                      command: ["/bin/sh", "-c", "'\(main)' run --container '\(container)'; exec sleep 60"])
        defer { session.kill() }
        try await session.waitFor(text: "3 Chats")
        try await session.still()

        // The Calls tab (second), then `c`: a group call with the selected row's chat, in the corner.
        try session.type("2")
        try await session.waitFor(text: "c Call")
        try await session.still()
        try session.type("c")
        var screen = try await session.waitFor(text: "F8 end call")
        #expect(screen.contains { $0.contains("fps ·") }, "the box's second line carries the figures")

        // The extension streams into the call from another process.
        // Long enough that a test run busy elsewhere still looks while it streams; ending the call
        // below ends it sooner (callEnded).
        let broadcast = try ChildProcess(Executables.path("broadcast"),
                                         ["start", "--container", container, "--size", "320x240", "--fps", "30", "--duration", "30", "--json"])
        defer { broadcast.send(SIGTERM) }
        screen = try await session.waitFor(timeout: 25, "the box with streaming figures") { $0.contains(where: Self.streamingFigures) }
        // The box sits in the bottom-right corner, above the tab bar and the key line: its bottom
        // border (with the keys) starting in the right half; its title names the chat.
        let bottom = try #require(screen.lastIndex { $0.contains("F8 end call") && $0.contains("└") })
        #expect(bottom >= screen.count - 6, "\(screen.joined(separator: "\n"))")
        #expect(screen[screen.count - 2].contains("Settings"), "the tab bar is not covered: \(screen.joined(separator: "\n"))")
        let corner = try #require(screen[bottom].firstIndex(of: "└"))
        #expect(screen[bottom].distance(from: screen[bottom].startIndex, to: corner) > 50)
        #expect(screen[bottom - 2].contains("📞"), "\(screen[bottom - 2])")

        // F7: the call screen with the figures; `e` ends the call; box and screen are gone.
        try await session.still()
        try session.press("F7")
        try await session.waitFor(text: "Group call with")
        screen = try await session.still()
        let verified = try #require(screen.first { $0.contains("Frames verified") })
        let count = verified.firstMatch(of: /Frames verified\s+(\d+) of/).flatMap { Int($0.1) } ?? 0
        #expect(count > 0, "\(verified)")
        #expect(screen[0].contains("e End call"))
        try await session.still()
        try session.type("e")
        screen = try await session.waitFor("the call gone") { lines in
            !lines.contains { $0.contains("Group call with") || $0.contains("F8 end call") || $0.contains(" fps · ") }
        }
        #expect(screen[0].contains("Calls"), "back on the Calls tab")
        let stats = try await MainInterfaceTerminalTests.run("main", ["call", "stats", "--container", container])
        #expect(stats.contains("ended (ended in the interface)"), "\(stats)")

        while broadcast.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        try await session.still()
        try session.type("q")
    }
}
