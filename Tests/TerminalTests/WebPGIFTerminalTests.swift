import Foundation
import Testing
import TestSupport

/// A WebP and a GIF sent with `share --file` are drawn in the real `main`'s chat as pictures (half
/// blocks on a direct-colour terminal), not left as their "🖼 Photo · W×H" line: Drawing decodes
/// them through libwebp and giflib, loaded on first use.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct WebPGIFTerminalTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tic"), "tic is not installed"))
    func webpAndGIFPhotosAreDrawnInTheChat() async throws {
        let terminfo = try await ChatContentTerminalTests.directColourTerminfo()
        defer { terminfo.remove() }
        let base = try TemporaryDirectory("ui-webp-gif")
        defer { base.remove() }
        let container = base.sub("container")
        try await MainInterfaceTerminalTests.run("main", ["login", "--phone", "+15550001", "--name", "Ada Tester", "--container", container])
        try await MainInterfaceTerminalTests.run("main", ["seed", "--peers", "5", "--messages", "20", "--seed", "3", "--container", container])
        let chats = try JSONSerialization.jsonObject(with: Data(try await MainInterfaceTerminalTests.run(
            "main", ["chats", "--json", "--container", container]).utf8)) as? [[String: Any]] ?? []
        let peer = try #require(chats.first?["peerId"] as? Int64)
        let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("DrawingTests/Vectors").path
        // Queued (main is not running yet) and sent when it starts: the chat moves to the top.
        try await MainInterfaceTerminalTests.run("share", ["--to", String(peer), "--file", vectors + "/photo-64x48-lossy.webp",
                                                          vectors + "/interlaced-16x32.gif", "--container", container])
        let session = try TmuxSession(width: 80, height: 48, command: [
            "/bin/sh", "-c", "\(ChatContentTerminalTests.directColour(terminfo)) TELEGRAM_GRAPHICS=symbols '\(Executables.path(Executables.main))' run --container '\(container)'; exec sleep 60"])
        defer { session.kill() }
        _ = try await session.waitFor(text: "Chats", timeout: 15)
        _ = try await session.waitFor(timeout: 10, "the shared photos at the top of the list") { screen in
            screen.contains { $0.contains("🖼") }
        }
        try session.press("Enter")
        // Two pictures, each its own run of half-block rows under a "You:" line, and no placeholder left.
        let screen = try await session.waitFor(timeout: 15, "both photos drawn") { screen in
            let rows = ChatContentTerminalTests.chatRows(screen)
            return rows.filter { $0.contains("You:") }.count == 2 && !rows.contains { $0.contains("🖼 Photo") }
                && rows.filter { $0.contains("▀▀▀") }.count >= 4
        }
        let rows = ChatContentTerminalTests.chatRows(screen)
        for sent in rows.indices.filter({ rows[$0].contains("You:") }) {
            #expect(sent + 1 < rows.count && rows[sent + 1].contains("▀▀▀"), "\(screen.joined(separator: "\n"))")
        }
        try session.press("q")
    }
}
