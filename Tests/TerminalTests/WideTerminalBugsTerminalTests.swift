import Foundation
import Testing
import TestSupport

/// The real `main` at 160×48 (the split view) for bugs a first-day user met: the login on a wide
/// terminal takes typing, a word starting with q typed into the list column with a chat open does
/// not quit, and the passcode lockout counts down.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct WideTerminalBugsTerminalTests {
    typealias Main = MainInterfaceTerminalTests
    typealias Flow = MainAppFlowTerminalTests

    static func isRunning(_ session: TmuxSession) -> Bool { (try? session.format("#{alternate_on}")) == "1" }

    @Test func firstLaunchAtAWideTerminalLogsIn() async throws {
        let directory = try TemporaryDirectory("ui-wide-login")
        defer { directory.remove() }
        let container = directory.sub("container")
        let session = try Flow.open(container, width: 160, height: 48)
        defer { session.kill() }
        try await session.waitFor(text: "Your phone number")
        try await session.still()
        try session.type("5550001")
        try await session.waitFor(text: "5550001")
        try session.press("Enter")
        try await session.waitFor(text: "Your Name")
        try session.type("Grace Hopper")
        try session.press("Enter")
        try await session.waitFor(text: "Settings")
        #expect(try await Main.run("main", ["accounts", "--container", container]).contains("Grace Hopper"))
        try session.press("C-c")
    }

    @Test func aWordStartingWithQInTheListColumnDoesNotQuit() async throws {
        let directory = try TemporaryDirectory("ui-wide-q")
        defer { directory.remove() }
        let container = try await Main.seededContainer(in: directory)
        let session = try Flow.open(container, width: 160, height: 48)
        defer { session.kill() }
        try await session.waitFor(text: "3 Chats")
        try await session.still()
        try session.press("Enter")
        try await session.waitFor(text: "Message")
        try await session.still()
        try session.press("F6")
        try await session.waitFor(text: "^C quit")
        try session.type("quint")
        try await session.still()
        #expect(Self.isRunning(session), "q typed into the list column quit the app")
        try session.press("C-c")
        try await session.waitFor("main to end") { _ in !Self.isRunning(session) }
    }

    @Test func thePasscodeLockoutCountsDown() async throws {
        let directory = try TemporaryDirectory("ui-wide-lockout")
        defer { directory.remove() }
        let container = try await Main.seededContainer(in: directory)
        try await Main.run("main", ["passcode", "set", "--container", container], input: "2468\n")
        try await Main.run("main", ["lock", "--container", container])
        let session = try Flow.open(container, width: 160, height: 48)
        defer { session.kill() }
        try await session.waitFor(text: "Enter your passcode")
        try await session.still()
        // Each try is a key derivation: given time on a loaded machine.
        for attempt in 1 ... 3 {
            try session.type("1111")
            try session.press("Enter")
            // The third failure starts the wait, whose countdown the next tick puts in the error's
            // place: on a loaded machine that can come before a capture sees the error.
            try await session.waitFor(timeout: 30, "failed attempt \(attempt)") { screen in
                screen.contains { $0.contains("wrong passcode (\(attempt) failed attempt") || (attempt == 3 && $0.contains("try again in")) }
            }
        }
        func secondsLeft(_ screen: [String]) -> Int? {
            screen.lazy.compactMap { $0.firstMatch(of: /try again in ([0-9]+) second/).flatMap { Int($0.1) } }.first
        }
        let first = try #require(secondsLeft(try await session.waitFor(timeout: 10, "the countdown") { secondsLeft($0) != nil }))
        let later = try await session.waitFor(timeout: 10, "the countdown to move") { (secondsLeft($0) ?? first) <= first - 2 }
        #expect(secondsLeft(later).map { $0 < first && $0 > 0 } == true, "\(later)")
        try session.press("C-c")
    }
}
