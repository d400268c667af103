import Foundation
import Testing
import TestSupport

/// The budget beside Scripts/bench's timing of the write: an edit and a deletion that the
/// push server applies (`main push`, handed to the running app) show in the open chat of the real
/// `main` within the app's next once-a-second tick — 2 s from the write, with the screen's
/// capture in it.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct OpenChatUpdateTerminalTests {
    @Test func anEditAndADeletionShowInTheOpenChatWithinTheNextTick() async throws {
        let directory = try TemporaryDirectory("ui-update")
        defer { directory.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: directory)
        let chats = try JSONSerialization.jsonObject(with: Data(try await MainInterfaceTerminalTests.run(
            "main", ["chats", "--json", "--limit", "1", "--container", container]).utf8))
        let peer = try #require(((chats as? [[String: Any]])?.first)?["peerId"] as? Int64)
        let session = try TmuxSession(width: 100, height: 30, command: [Executables.path(Executables.main), "run", "--container", container])
        defer { session.kill() }
        try await session.waitFor(text: "3 Chats")
        try session.press("Enter")
        try await session.waitFor(text: "‹ Chats")

        func push(_ arguments: [String]) async throws -> [String: Any] {
            let output = try await MainInterfaceTerminalTests.run("main", ["push", "--peer", String(peer), "--json", "--container", container] + arguments)
            return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        }
        let sent = try await push(["--text", "as first written q2Lp"])
        let id = try #require(sent["messageId"] as? Int)
        try await session.waitFor(timeout: 10, "the pushed message") { $0.contains { $0.contains("as first written q2Lp") } }

        _ = try await push(["--kind", "edited", "--message-id", String(id), "--text", "as edited w9Tk"])
        try await session.waitFor(timeout: 2, "the edit in the open chat within the next tick") { screen in
            screen.contains { $0.contains("as edited w9Tk") } && !screen.contains { $0.contains("as first written q2Lp") }
        }
        _ = try await push(["--kind", "deleted", "--message-id", String(id)])
        try await session.waitFor(timeout: 2, "the deletion in the open chat within the next tick") { screen in
            !screen.contains { $0.contains("as edited w9Tk") }
        }
    }
}
