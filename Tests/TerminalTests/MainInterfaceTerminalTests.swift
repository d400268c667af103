import Foundation
import Testing
import TestSupport

/// The real `main` in a real terminal (tmux), as a person uses it: the chat list of a seeded
/// account, a chat opened, a message typed and sent (then found by `intents search-messages`, a
/// separate process), a `share` from another process appearing in the open chat without a key,
/// back with Esc, and q (then y) quitting with the terminal restored and the writer lock released.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct MainInterfaceTerminalTests {
    /// Runs one of the built executables to its end, off the test pool; its standard output, or a
    /// thrown failure with the whole result when it exits non-zero.
    @discardableResult
    static func run(_ name: String, _ arguments: [String], input: String? = nil) async throws -> String {
        let result = try await RunningProcess.run(Executables.path(name), arguments, stdin: input)
        guard result.succeeded else { throw HarnessError("expected exit 0: \(result)") }
        return result.stdout
    }

    /// A logged-in, seeded container in `directory`.
    static func seededContainer(in directory: TemporaryDirectory) async throws -> String {
        let container = directory.sub("container")
        try await run("main", ["login", "--phone", "+15550001", "--name", "Ada Tester", "--container", container])
        try await run("main", ["seed", "--peers", "30", "--messages", "600", "--seed", "3", "--container", container])
        return container
    }


    @Test func chatsSendShareAndQuit() async throws {
        let directory = try TemporaryDirectory("ui")
        defer { directory.remove() }
        let container = try await Self.seededContainer(in: directory)
        let chats = try JSONSerialization.jsonObject(with: Data(try await Self.run("main", ["chats", "--json", "--limit", "3", "--container", container]).utf8))
        let first = try #require((chats as? [[String: Any]])?.first)
        let title = try #require(first["title"] as? String)
        let peer = try #require(first["peerId"] as? Int64)
        let status = FileManager.default.temporaryDirectory.appendingPathComponent("ui-status-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: status) }
        let main = Executables.path(Executables.main)
        let script = TmuxSession.recordingExitStatus("'\(main)' run --container '\(container)'", in: status)
        let session = try TmuxSession(width: 100, height: 30, command: ["/bin/sh", "-c", script])
        defer { session.kill() }

        // The chat list of the seeded account, the Chats tab selected.
        var screen = try await session.waitFor(text: "3 Chats")
        #expect(screen[0].contains("Chats"))
        #expect(screen[2].contains(title), "the first chat of `main chats` heads the list")

        // Open it, type a message, send it.
        try session.press("Enter")
        try await session.waitFor(text: "‹ Chats")
        screen = try await session.still()
        #expect(screen[0].hasPrefix("‹ Chats") && screen[0].contains(title))
        try session.type("hello from tmux")
        try await session.waitFor(text: "› hello from tmux")
        try session.press("Enter")
        try await session.waitFor(text: "You: hello from tmux")
        let found = try await Self.run("intents", ["search-messages", "--query", "hello from tmux", "--json", "--container", container])
        #expect(found.contains("\"content\" : \"hello from tmux\""), "\(found)")

        // Another process shares into the open chat: it shows without a key press.
        try await Self.run("share", ["--to", String(peer), "--text", "shared from another process", "--container", container])
        try await session.waitFor(timeout: 10, "the shared message") { $0.contains { $0.contains("You: shared from another process") } }

        // Back to the list, which now shows the shared message as the chat's last; q quits.
        try session.press("Escape")
        try await session.waitFor("the list") { !$0[0].contains("‹") && $0[3].contains("shared from another process") }
        try await session.still()
        try session.type("q")
        try await session.waitFor(text: "Quit Telegram?")
        try await session.still()
        try session.type("y")
        #expect(try await session.exitStatus(recordedIn: status) == "0")
        #expect(try session.format("#{alternate_on}") == "0", "the alternate screen is left")
        // The writer lock is free again.
        let headless = try await Self.run("main", ["run", "--headless", "--duration", "0.2", "--container", container])
        #expect(headless.hasPrefix("ready pid="))
    }

    /// Locked — by `main lock` from another process — the window shows the lock screen and not
    /// one chat title is drawn; `main unlock` brings the chats back within a second.
    @Test func lockHidesEveryChat() async throws {
        let directory = try TemporaryDirectory("ui")
        defer { directory.remove() }
        let container = try await Self.seededContainer(in: directory)
        try await Self.run("main", ["passcode", "set", "--container", container], input: "2468\n")
        try await Self.run("main", ["unlock", "--container", container], input: "2468\n")
        let chats = try JSONSerialization.jsonObject(with: Data(try await Self.run("main", ["chats", "--json", "--limit", "10", "--container", container]).utf8))
        let titles = try #require(chats as? [[String: Any]]).compactMap { $0["title"] as? String }
        let main = Executables.path(Executables.main)
        let session = try TmuxSession(width: 100, height: 30, command: ["/bin/sh", "-c", "'\(main)' run --container '\(container)'; exec sleep 60"])
        defer { session.kill() }
        try await session.waitFor(text: titles[0])
        try await Self.run("main", ["lock", "--container", container])
        try await session.waitFor(text: "Locked")
        // The settled frame: a capture mid-update can hold rows of the frame before the lock.
        let screen = try await session.still()
        for title in titles { #expect(!screen.contains { $0.contains(title) }, "\(title) drawn while locked") }
        try await Self.run("main", ["unlock", "--container", container], input: "2468\n")
        try await session.waitFor(text: titles[0])
        try session.type("q")
    }
}
