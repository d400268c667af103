import Foundation
import Testing

/// `main import telegram-export` on a real terminal (tmux): the progress bar while it reads, the
/// report once done, and the interface's chat list then showing the imported chats.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ImportTerminalTests {
    static let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/gen_telegram_export.py").path

    @Test func progressBarThenTheImportedChatsInTheInterface() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("ui-import-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let container = base + "/container", export = base + "/export"
        try MainInterfaceTerminalTests.run("main", ["login", "--phone", "+15550001", "--name", "Ada Tester", "--container", container])
        // Big enough for the bar to be seen before the import ends.
        let generate = Process()
        generate.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generate.arguments = ["python3", Self.generator, export, "--messages", "60000", "--chats", "5", "--plain"]
        generate.standardOutput = FileHandle.nullDevice
        try generate.run()
        generate.waitUntilExit()
        #expect(generate.terminationStatus == 0)

        let main = MainInterfaceTerminalTests.binDirectory.appendingPathComponent("main").path
        let status = base + "/status"
        let script = "'\(main)' import telegram-export '\(export)' --container '\(container)'; echo $? > '\(status)'; exec sleep 60"
        let session = try TmuxSession(width: 100, height: 30, command: ["/bin/sh", "-c", script])
        defer { session.kill() }
        let drawing = try session.waitFor(timeout: 60, "the progress bar") { $0.contains { $0.hasPrefix("importing [") && $0.contains("MiB") } }
        #expect(drawing.contains { $0.contains("%") })
        let done = try session.waitFor(timeout: 120, "the report") { $0.contains { $0.hasPrefix("imported 5 chats and 60000 messages") } }
        // The bar is wiped before the report: no line is left half-drawn.
        #expect(!done.contains { $0.contains("importing [") }, "\(done)")
        try session.waitFor("exit status") { _ in FileManager.default.fileExists(atPath: status) }
        #expect(try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        session.kill()

        // The interface's chat list: the newest imported chat at the top.
        let chats = try JSONSerialization.jsonObject(with: Data(try MainInterfaceTerminalTests.run("main", ["chats", "--json", "--limit", "1", "--container", container]).utf8))
        let title = try #require(((chats as? [[String: Any]])?.first?["title"]) as? String)
        let app = try TmuxSession(width: 100, height: 30, command: ["/bin/sh", "-c", "'\(main)' run --container '\(container)'; exec sleep 60"])
        defer { app.kill() }
        let screen = try app.waitFor(text: title, timeout: 15)
        #expect(screen[2].contains(title), "the newest imported chat heads the list: \(screen)")
        try app.press("q")
    }
}
