import Foundation
import Testing
import TestSupport

/// The chat's composer in the real `main` at 80×24 and at 160×48 (beside the chat list), as a
/// person writes: typing in the middle,
/// Ctrl-A/E/U/W, Alt-Enter and Ctrl-J for new lines, a 10,000-character bracketed paste arriving
/// whole, the composer growing and scrolling, and Alt-E through a scripted `$VISUAL` (which
/// also fails once, leaving the draft as it was).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ComposerTerminalTests {
    /// The composer's rows: from the separator under the history to the key line (the chat's
    /// column, right of the list's, when the chat is beside the list).
    static func composer(_ screen: [String]) -> [String] {
        let chat = screen.map { line in line.range(of: "│", options: .backwards).map { String(line[$0.upperBound...]) } ?? line }
        guard let separator = chat.lastIndex(where: { $0.hasPrefix("────") }) else { return [] }
        return chat[(separator + 1) ..< max(chat.count - 1, separator + 1)].map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func editingPastingAndTheExternalEditor(size: (Int, Int)) async throws {
        let directory = try TemporaryDirectory("composer")
        defer { directory.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: directory)
        // The editor: keeps what it was given, then writes its own text, or fails while `fail` exists.
        let copy = directory.sub("given.txt"), fail = directory.sub("fail")
        let editor = directory.sub("editor.sh")
        try "#!/bin/sh\n[ -e '\(fail)' ] && exit 3\ncp \"$1\" '\(copy)'\nprintf 'from the editor' > \"$1\"\n"
            .write(toFile: editor, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
        let main = Executables.path(Executables.main)
        let session = try TmuxSession(width: size.0, height: size.1, command: [main, "run", "--container", container],
                                      environment: ["VISUAL": editor])
        defer { session.kill() }
        try await session.waitFor(text: "Chats")
        try await session.still()
        try session.press("Enter")
        try await session.waitFor(text: "›  Message")
        try await session.still()

        // Typed in the middle: Left, Left, X inserts two back.
        try session.type("hello")
        try session.press("Left", "Left")
        try session.type("X")
        try await session.waitFor(text: "› helXlo")
        // Ctrl-A to the start, a word typed, Ctrl-W takes it back; Ctrl-E, Ctrl-U empty the line.
        try session.press("C-a")
        try session.type("first ")
        try await session.waitFor(text: "› first helXlo")
        try session.press("C-w")
        try await session.waitFor(text: "› helXlo")
        try session.press("C-e", "C-u")
        try await session.waitFor(text: "Message")

        // Alt-Enter and Ctrl-J make new lines; Enter would send, so nothing is sent yet.
        try session.type("one")
        try session.press("M-Enter")
        try session.type("two")
        try session.press("C-j")
        try session.type("three")
        var screen = try await session.waitFor("three lines") { Self.composer($0) == [" › one", "   two", "   three"] }
        #expect(!screen.contains { $0.contains("You: one") })
        for _ in 0 ..< 3 { try session.press("C-u", "BSpace") }
        try await session.waitFor(text: "Message")

        // A 10,000-character paste arrives whole: the composer grows to a third of the screen
        // and shows the end, where the cursor is; Home goes back to the start.
        var words: [String] = ["BEGIN"]
        var length = 5
        while length < 10_000 - 4 { words.append("w\(words.count)"); length += words.last!.count + 1 }
        var pasted = words.joined(separator: " ")
        pasted = String(pasted.prefix(10_000 - 4)) + " END"
        #expect(pasted.count == 10_000)
        try session.paste(pasted)
        screen = try await session.waitFor(text: " END", timeout: 15)
        let rows = Self.composer(screen)
        #expect(rows.count >= 5 && rows.count <= size.1 / 3, "grown, to at most a third: \(rows)")
        #expect(!rows.contains { $0.contains("BEGIN") }, "scrolled to the cursor")
        try session.press("Home")
        try await session.waitFor(text: "› BEGIN w1 w2")

        // Alt-E: the editor gets the whole draft, and its text comes back.
        try session.press("M-e")
        try await session.waitFor(text: "› from the editor", timeout: 15)
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == pasted, "the editor was given all 10,000 characters")
        // A failing editor leaves the draft and says so.
        _ = FileManager.default.createFile(atPath: fail, contents: Data())
        try await session.still()
        try session.press("M-e")
        try await session.waitFor(text: "Draft unchanged", timeout: 15)
        try session.press("End")
        try await session.waitFor(text: "› from the editor")
        try session.press("Enter")
        try await session.waitFor(text: "You: from the editor")
    }
}
