import Foundation
import Testing
import TestSupport

/// `main import telegram-export` on a real terminal (tmux): the progress bar while it reads, the
/// report once done, and the interface's chat list then showing the imported chats.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ImportTerminalTests {
    @Test func progressBarThenTheImportedChatsInTheInterface() async throws {
        // Big enough for the bar to be redrawn a few times.
        let base = try TemporaryDirectory("ui-import")
        defer { base.remove() }
        let (container, export) = try await Self.prepare(in: base, messages: 60_000, chats: 5)

        let main = Self.main
        let status = base.sub("status")
        let script = TmuxSession.recordingExitStatus("'\(main)' import telegram-export '\(export)' --container '\(container)'", in: status)
        let session = try TmuxSession(width: 100, height: 30, command: ["/bin/sh", "-c", script], recording: base.sub("terminal"))
        defer { session.kill() }
        let done = try await session.waitFor(timeout: 120, "the report") { $0.contains { $0.hasPrefix("imported 5 chats and 60000 messages") } }
        // The bar was drawn (the recording has every redraw), then wiped before the report: no
        // line is left half-drawn.
        Self.expectBar(in: session.recorded())
        #expect(!done.contains { $0.contains("importing [") }, "\(done)")
        #expect(try await session.exitStatus(recordedIn: status) == "0")
        session.kill()

        // The interface's chat list: the newest imported chat at the top.
        let chats = try JSONSerialization.jsonObject(with: Data(try await MainInterfaceTerminalTests.run("main", ["chats", "--json", "--limit", "1", "--container", container]).utf8))
        let title = try #require(((chats as? [[String: Any]])?.first?["title"]) as? String)
        let app = try TmuxSession(width: 100, height: 30, command: ["/bin/sh", "-c", "'\(main)' run --container '\(container)'; exec sleep 60"])
        defer { app.kill() }
        let screen = try await app.waitFor(text: title, timeout: 15)
        #expect(screen[2].contains(title), "the newest imported chat heads the list: \(screen)")
        try app.press("q")
    }

    /// An import handed to the running interface runs beside it. The interface goes on
    /// drawing and says how far the import is in the list's title (an interface frozen by the
    /// import never could), and answers keys; the terminal that issued it draws the bar from the
    /// progress the app publishes; the chats are listed after, and a read history raises no banner.
    @Test func importHandedToTheRunningInterfaceLeavesItLive() async throws {
        // Long enough (seconds in a debug build) for the interface's one-second tick to show it.
        let base = try TemporaryDirectory("ui-import-bg")
        defer { base.remove() }
        let (container, _) = try await Self.prepare(in: base, messages: 60_000, chats: 8)

        let app = try TmuxSession(width: 100, height: 30, command: ["/bin/sh", "-c", "'\(Self.main)' run --container '\(container)'; exec sleep 60"],
                                  recording: base.sub("interface"))
        defer { app.kill() }
        _ = try await app.waitFor(text: "No chats yet", timeout: 15)
        let status = base.sub("status")
        // Relative to the issuer's directory, as a person types it.
        let script = TmuxSession.recordingExitStatus("cd '\(base.path)' && '\(Self.main)' import telegram-export export --container '\(container)'", in: status)
        let issuer = try TmuxSession(width: 100, height: 10, command: ["/bin/sh", "-c", script], recording: base.sub("issuer"))
        defer { issuer.kill() }

        // The interface answers meanwhile: the help sheet opens and closes.
        try app.press("?")
        _ = try await app.waitFor(timeout: 10, "the help sheet") { $0.contains { $0.contains("this help") } }
        try app.press("Escape")

        let done = try await issuer.waitFor(timeout: 180, "the report") { $0.contains { $0.hasPrefix("imported 8 chats and 60000 messages") } }
        #expect(!done.contains { $0.contains("importing [") }, "\(done)")
        Self.expectBar(in: issuer.recorded())
        // The interface drew the import's progress as its title while the import ran.
        let drawn = app.recorded()
        #expect(drawn.contains("Importing… ") && drawn.contains("%"), "the interface never showed the import's progress")
        #expect(try await issuer.exitStatus(recordedIn: status) == "0")
        // The title is the list's again, over the imported chats; no banner for a read history.
        let after = try await app.waitFor(timeout: 10, "the imported chats under the usual title") { $0[0].contains("Chats") && !$0.contains { $0.contains("No chats yet") } }
        #expect(!after.contains { $0.contains("^O open") }, "an imported (read) message raised a banner: \(after)")
        try app.press("q")
    }

    /// The bar as a terminal received it: drawn at least once with its percentage and size, and
    /// wiped at the end (`\r`, then erase to the end of the line).
    static func expectBar(in output: String) {
        #expect(output.contains("importing [") && output.contains("% ") && output.contains(" MiB"), "no progress bar was drawn")
        #expect(output.contains("\r\u{1B}[K"), "the bar was not wiped")
    }

    static var main: String { Executables.path(Executables.main) }

    /// A logged-in container and a generated export in `base`.
    static func prepare(in base: TemporaryDirectory, messages: Int, chats: Int) async throws -> (container: String, export: String) {
        let container = base.sub("container"), export = base.sub("export")
        try await MainInterfaceTerminalTests.run("main", ["login", "--phone", "+15550001", "--name", "Ada Tester", "--container", container])
        try await generate(export, messages: messages, chats: chats)
        return (container, export)
    }

    /// Writes a generated export, waiting without holding one of the test run's few threads.
    static func generate(_ export: String, messages: Int, chats: Int) async throws {
        try await ExportGenerator.write(export, ["--messages", "\(messages)", "--chats", "\(chats)", "--plain"])
    }
}
