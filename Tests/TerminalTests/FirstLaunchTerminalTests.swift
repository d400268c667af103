import Foundation
import Testing
import TestSupport

/// The first launch, as a person makes it: `main --container PATH` on a path that does not exist
/// asks before making a container there (a typo answered "n" makes nothing and exits 64); "y"
/// makes it and shows the login across the whole width, at 80×24 and at 160×48 (where a split
/// would otherwise leave the left half empty), and logging in brings the tabs.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct FirstLaunchTerminalTests {
    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func askedThenLoginAcrossTheWidth(size: (Int, Int), term: String) async throws {
        let directory = try TemporaryDirectory("first")
        defer { directory.remove() }
        let container = directory.sub("typo/container")
        let main = Executables.path(Executables.main)
        let status = directory.sub("status")
        let script = TmuxSession.recordingExitStatus("'\(main)' --container '\(container)'", in: status)
        var session = try TmuxSession(width: size.0, height: size.1, command: ["/bin/sh", "-c", script], options: [("default-terminal", term)])
        try await session.waitFor(text: "Make a new, empty one there? [y/N]")
        try session.type("n\n")
        #expect(try await session.exitStatus(recordedIn: status) == "64")
        let refusal = try session.capture().joined()  // the line wraps at 80 columns
        #expect(refusal.contains("nothing was made"), "\(refusal)")
        #expect(!FileManager.default.fileExists(atPath: directory.sub("typo")), "a declined container leaves nothing behind")
        session.kill()

        try? FileManager.default.removeItem(atPath: status)
        session = try TmuxSession(width: size.0, height: size.1, command: ["/bin/sh", "-c", script], options: [("default-terminal", term)])
        defer { session.kill() }
        try await session.waitFor(text: "Make a new, empty one there? [y/N]")
        try session.type("y\n")
        var screen = try await session.waitFor(text: "Your phone number")
        try await session.still()
        screen = try session.capture()
        #expect(!screen.contains { $0.contains("│") }, "no split beside the login: \(screen.joined(separator: "\n"))")
        let title = try #require(screen.first { $0.contains("Telegram") })
        let titleColumn = title.distance(from: title.startIndex, to: try #require(title.range(of: "Telegram")).lowerBound)
        #expect(abs(titleColumn - (size.0 - 8) / 2) <= 1, "the title centred on the whole width: \(title)")
        let prompt = try #require(screen.first { $0.contains("Your phone number") })
        #expect(prompt.hasPrefix("  Your phone number"), "the form at the left edge: \(prompt)")
        try session.type("5550001")
        try session.press("Enter")
        try await session.waitFor(text: "Your Name")
        try session.type("Ada Lovelace")
        try session.press("Enter")
        try await session.waitFor(text: "4 Settings")
    }
}
