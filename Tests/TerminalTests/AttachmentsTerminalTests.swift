import Foundation
import Testing
import TestSupport

/// Attachments out in the real `main` (tmux), at 160×48 and 80×24: ^T opens the path
/// entry, Tab completes, Enter adds and goes back to the composer (one file: two Enters, add and
/// send); two files and a photo are added, a FIFO and a directory are refused in
/// the composer's row without anything sent, and Enter sends the three with the caption — shown
/// as "📎 name · size · type" lines and the photo, and listed by `main messages --json`.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct AttachmentsTerminalTests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../MessagingTests/Vectors/photo-64x48.jpg").standardized.path

    @Test(arguments: [(160, 48), (80, 24)], KeysInEveryTerminalTests.terminals)
    func sendsTwoFilesAndAPhotoWithACaption(size: (Int, Int), term: String) async throws {
        let base = try TemporaryDirectory("ui-attach")
        defer { base.remove() }
        let files = base.sub("f")
        try FileManager.default.createDirectory(atPath: files + "/folder", withIntermediateDirectories: true)
        try Data("plain notes\n".utf8).write(to: URL(fileURLWithPath: files + "/notes.txt"))
        try Data("%PDF-1.4 report".utf8).write(to: URL(fileURLWithPath: files + "/report.pdf"))
        try FileManager.default.copyItem(atPath: Self.photo, toPath: files + "/trip.jpg")
        #expect(mkfifo(files + "/pipe", 0o600) == 0)
        let (session, container, peer, _) = try await MessageActionsTerminalTests.openUserChat(width: size.0, height: size.1, in: base, term: term)
        defer { session.kill() }
        let before = try await MessageActionsTerminalTests.messages(peer, container, limit: 1).first?["id"] as? Int

        // ^T, Tab completes the name's start, Enter adds the file and goes back to the composer;
        // ^T again for the next.
        for start in ["no", "re", "tr"] {
            try await MessageActionsTerminalTests.key(session, "C-t")
            try await session.waitFor(text: "Attach:")
            try session.type(files + "/" + start)
            try await MessageActionsTerminalTests.key(session, "Tab")
            try await MessageActionsTerminalTests.key(session, "Enter")
        }
        var screen = try await session.waitFor(text: "📎 trip.jpg")
        #expect(!screen.contains { $0.contains("Attach:") }, "the entry closed after the add")
        #expect(screen.contains { $0.contains("📎 notes.txt · 12 B") && $0.contains("✕") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("📎 report.pdf") })

        // A FIFO and a directory: refused in the composer's row, never opened; the entry stays.
        try await MessageActionsTerminalTests.key(session, "C-t")
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

    /// One file takes two Enters: the path's adds it and returns to the composer, the composer's
    /// sends it with the caption typed there.
    @Test(arguments: [(160, 48), (80, 24)], KeysInEveryTerminalTests.terminals)
    func oneFileTakesTwoEnters(size: (Int, Int), term: String) async throws {
        let base = try TemporaryDirectory("ui-attach-one")
        defer { base.remove() }
        let file = base.sub("minutes.txt")
        try Data("the minutes\n".utf8).write(to: URL(fileURLWithPath: file))
        let (session, container, peer, _) = try await MessageActionsTerminalTests.openUserChat(width: size.0, height: size.1, in: base, term: term)
        defer { session.kill() }
        let before = try await MessageActionsTerminalTests.messages(peer, container, limit: 1).first?["id"] as? Int
        try await MessageActionsTerminalTests.key(session, "C-t")
        try await session.waitFor(text: "Attach:")
        try session.type(file)
        try await MessageActionsTerminalTests.key(session, "Enter")
        try await session.waitFor(text: "📎 minutes.txt")
        try session.type("for monday")
        try await MessageActionsTerminalTests.key(session, "Enter")
        try await session.waitFor("the file sent") { !$0.contains { $0.contains("✕") } && $0.contains { $0.contains("📎 minutes.txt · 12 B") } }
        let stored = try await MessageActionsTerminalTests.messages(peer, container, limit: 1)
        #expect(stored.first?["text"] as? String == "for monday", "\(stored)")
        #expect((stored.first?["media"] as? [String: Any])?["fileName"] as? String == "minutes.txt", "\(stored)")
        #expect(stored.first.flatMap { $0["id"] as? Int } == before.map { $0 + 1 })
    }

    /// A file near Telegram's 2,000 MiB limit copies long enough to watch: the composer shows the
    /// progress, Esc cancels, nothing is sent and no partial copy is left in the container.
    @Test func escCancelsALargeSend() async throws {
        let base = try TemporaryDirectory("ui-attach-cancel")
        defer { base.remove() }
        try FileManager.default.createDirectory(atPath: base.sub("f"), withIntermediateDirectories: true)
        let big = base.sub("f") + "/big.bin"
        // Sparse: no disk until it is copied; the copy writes real blocks until it is cancelled.
        #expect(FileManager.default.createFile(atPath: big, contents: Data([1])))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: 1_900 << 20)
        try handle.close()
        let (session, container, peer, _) = try await MessageActionsTerminalTests.openUserChat(width: 80, height: 24, in: base)
        defer { session.kill() }
        let before = try await MessageActionsTerminalTests.messages(peer, container, limit: 1).first?["id"] as? Int

        try await MessageActionsTerminalTests.key(session, "C-t")
        try await session.waitFor(text: "Attach:")
        try session.type(big)
        try await MessageActionsTerminalTests.key(session, "Enter")
        _ = try await session.waitFor(text: "📎 big.bin")
        try session.type("too big to wait for")
        // The progress moves the screen: keys without waiting for it to be still.
        try session.press("Enter")
        _ = try await session.waitFor(text: "Esc cancels")
        try session.press("Escape")
        let screen = try await session.waitFor(text: "nothing was sent")
        #expect(!screen.contains { $0.contains("Esc cancels") }, "\(screen.joined(separator: "\n"))")
        #expect(try await MessageActionsTerminalTests.messages(peer, container, limit: 1).first?["id"] as? Int == before)
        let left = FileManager.default.enumerator(atPath: container)?.compactMap { $0 as? String }
            .filter { $0.contains("partial") || $0.hasPrefix("media") && $0.contains("big") } ?? []
        #expect(left.isEmpty, "a cancelled copy left \(left)")
        var largest: UInt64 = 0
        for case let path as String in FileManager.default.enumerator(atPath: container) ?? FileManager.DirectoryEnumerator() {
            let size = (try? FileManager.default.attributesOfItem(atPath: container + "/" + path)[.size] as? UInt64) ?? 0
            largest = max(largest, size)
        }
        #expect(largest < 100 << 20, "a file of \(largest >> 20) MiB is left in the container after the cancel")
    }
}
