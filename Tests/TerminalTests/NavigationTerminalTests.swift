import Foundation
import Testing

/// Display's navigation in a real terminal: display-demo's chats in tmux, drawn through ncursesw.
/// A push and Esc, a sheet and Esc, and a resize across the 120-column threshold that splits the
/// root and collapses it again with the chat kept.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct NavigationTerminalTests {
    func start(width: Int, height: Int) async throws -> TmuxSession {
        let session = try TmuxSession(width: width, height: height, command: [DisplayDemoTerminalTests.demo])
        try await session.waitFor(text: "1 Chats")
        return session
    }


    @Test func pushModalEscAndResizeAcrossTheWidthThreshold() async throws {
        let session = try await start(width: 100, height: 30)
        defer { session.kill() }
        var screen = try session.capture()
        #expect(screen[0].contains("Chats") && screen[0].contains("n New Message"))
        #expect(screen[2].contains("Ada Lovelace"))
        #expect(screen[29].contains("1 Chats") && screen[29].contains("2 Contacts") && screen[29].contains("3 Settings"))

        // Push: Enter opens the selected chat, with the list's title as its back item.
        try session.press("Enter")
        try await session.waitFor(text: "‹ Chats")
        screen = try await session.still()
        #expect(screen[0].hasPrefix("‹ Chats") && screen[0].contains("Ada Lovelace"))
        #expect(screen[1].contains(" online "))
        #expect(screen.contains { $0.contains("You: reply 39") }, "the chat opens at its newest message")

        // Esc pops back to the list; Esc on the root does nothing.
        try session.press("Escape")
        try await session.waitFor("the list back") { !$0[0].contains("‹") && $0[2].contains("Ada Lovelace") }
        try await session.still()
        try session.press("Escape")
        screen = try await session.still()
        #expect(screen[2].contains("Ada Lovelace") && screen[29].contains("1 Chats"))

        // A modal sheet: Close on its bar, the list dimmed under it; Esc closes it.
        try session.type("n")
        try await session.waitFor(text: "Close")
        screen = try await session.still()
        #expect(screen[1].contains("┌"), "the sheet has risen to one row below the top")
        #expect(screen[2].contains("Close") && screen[2].contains("New Message"))
        try session.press("Escape")
        try await session.waitFor("the sheet gone") { screen in !screen.contains { $0.contains("Close") } }
        try await session.still()

        // Wider than 120 columns: the root splits, the chat opens beside the list.
        try session.resize(width: 160, height: 48)
        // tmux drops trailing spaces, so the split shows as the separator in column 53 of an
        // ASCII row (row 3: "Alan Turing").
        let master = 53  // min(max(40, 160 / 3), 160 / 2)
        try await session.waitFor("the split at 160 columns") { $0.count == 48 && $0[3].count > master && Array($0[3])[master] == "│" }
        try await session.still()
        try session.press("Enter")
        try await session.waitFor(text: "You: reply 39")
        screen = try await session.still()
        #expect(Array(screen[3])[master] == "│", "\(screen[3])")
        #expect(String(screen[2].dropFirst(master + 1)).contains("You: reply"), "the chat in the detail column")
        #expect(String(screen[2].prefix(master)).contains("Ada Lovelace"))
        #expect(!screen[0].contains("‹"), "side by side there is nothing to go back to")

        // Narrower again: one stack, the chat pushed on the list, its back item back.
        try session.resize(width: 100, height: 30)
        try await session.waitFor(text: "‹ Chats")
        screen = try await session.still()
        #expect(screen[0].contains("Ada Lovelace"))
        try session.press("Escape")
        try await session.waitFor("the list after the collapse") { !$0[0].contains("‹") && $0[29].contains("1 Chats") }

        // Ctrl-C quits.
        try session.press("C-c")
        try await session.waitFor("the demo to end") { screen in !screen.contains { $0.contains("1 Chats") } }
    }

    @Test func lockScreenAboveEverythingTakesTheKeys() async throws {
        let session = try await start(width: 80, height: 24)
        defer { session.kill() }
        try session.type("n")
        try await session.waitFor(text: "Close")
        try await session.still()
        try session.type("l")
        try await session.waitFor(text: "Press any key to unlock")
        try session.press("Escape")
        let screen = try await session.waitFor("the lock gone") { !$0.contains { $0.contains("unlock") } }
        #expect(screen.contains { $0.contains("Close") }, "Esc went to the lock screen, the sheet is still up")
    }
}
