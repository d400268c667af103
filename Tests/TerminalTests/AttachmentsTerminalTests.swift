import Foundation
import Testing
import TestSupport

/// Issue 30's attachments out in the real `main` (tmux), at 160×48 and 80×24: ^T opens the path
/// entry, Tab completes, two files and a photo are added, a FIFO and a directory are refused in
/// the composer's row without anything sent, and Enter sends the three with the caption — shown
/// as "📎 name · size · type" lines and the photo, and listed by `main messages --json`.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct AttachmentsTerminalTests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../MessagingTests/Vectors/photo-64x48.jpg").standardized.path

    @Test(arguments: [(160, 48), (80, 24)])
    func sendsTwoFilesAndAPhotoWithACaption(size: (Int, Int)) async throws {
        let base = try TemporaryDirectory("ui-attach")
        defer { base.remove() }
        let files = base.sub("f")
        try FileManager.default.createDirectory(atPath: files + "/folder", withIntermediateDirectories: true)
        try Data("plain notes\n".utf8).write(to: URL(fileURLWithPath: files + "/notes.txt"))
        try Data("%PDF-1.4 report".utf8).write(to: URL(fileURLWithPath: files + "/report.pdf"))
        try FileManager.default.copyItem(atPath: Self.photo, toPath: files + "/trip.jpg")
        #expect(mkfifo(files + "/pipe", 0o600) == 0)
        let (session, container, peer, _) = try await MessageActionsTerminalTests.openUserChat(width: size.0, height: size.1, in: base)
        defer { session.kill() }
        let before = try await MessageActionsTerminalTests.messages(peer, container, limit: 1).first?["id"] as? Int

        try await MessageActionsTerminalTests.key(session, "C-t")
        try await session.waitFor(text: "Attach:")
        // Tab completes the name's start; Enter adds the file and keeps the entry open.
        for start in ["no", "re", "tr"] {
            try session.type(files + "/" + start)
            try await MessageActionsTerminalTests.key(session, "Tab")
            try await MessageActionsTerminalTests.key(session, "Enter")
        }
        var screen = try await session.waitFor(text: "📎 trip.jpg")
        #expect(screen.contains { $0.contains("📎 notes.txt · 12 B") && $0.contains("✕") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("📎 report.pdf") })

        // A FIFO and a directory: refused in the composer's row, never opened.
        try session.type(files + "/pipe")
        try await MessageActionsTerminalTests.key(session, "Enter")
        screen = try await session.waitFor(text: "is a FIFO")
        try await MessageActionsTerminalTests.key(session, "C-u")
        try session.type(files + "/folder")
        try await MessageActionsTerminalTests.key(session, "Enter")
        screen = try await session.waitFor(text: "is a directory")
        try await MessageActionsTerminalTests.key(session, "C-u")
        #expect(try await MessageActionsTerminalTests.messages(peer, container, limit: 1).first?["id"] as? Int == before)

        // Enter on an empty entry closes it; the caption goes in the composer.
        try await MessageActionsTerminalTests.key(session, "Enter")
        try session.type("holiday caption")
        try await MessageActionsTerminalTests.key(session, "Enter")
        screen = try await session.waitFor(text: "3 files sent")
        #expect(screen.contains { $0.contains("📎 report.pdf · 15 B · application/pdf") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("holiday caption") })
        #expect(!screen.contains { $0.contains("📎 trip.jpg") }, "the attached list is gone once sent")

        let stored = try await MessageActionsTerminalTests.messages(peer, container, limit: 3)
        let media = stored.compactMap { $0["media"] as? [String: Any] }
        #expect(media.compactMap { $0["fileName"] as? String } == ["trip.jpg", "report.pdf", "notes.txt"], "\(stored)")
        #expect(media.first?["kind"] as? String == "photo" && media.first?["width"] as? Int == 64 && media.first?["height"] as? Int == 48)
        #expect(media.last?["mimeType"] as? String == "text/plain")
        #expect(stored.last?["text"] as? String == "holiday caption")
        #expect(stored.last.flatMap { $0["id"] as? Int } == before.map { $0 + 1 })
    }
}
