import Foundation
import Testing
import TestSupport

/// Moving through a conversation in the real `main`: a reply sent to a message several back,
/// then Enter on the reply goes to the message it answers (selected, marked in the margin), and
/// Backspace comes back to the reply.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct HistoryNavigationTerminalTests {
    typealias Actions = MessageActionsTerminalTests

    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func enterOnAReplyGoesToWhatItAnswers(size: (Int, Int), term: String) async throws {
        let base = try TemporaryDirectory("jump")
        defer { base.remove() }
        let (session, container, peer, _) = try await Actions.openUserChat(width: size.0, height: size.1, in: base, term: term)
        defer { session.kill() }
        let stored = try await Actions.messages(peer, container, limit: 4)
        let answered = try #require(stored.last)
        let answeredText = try #require(answered["text"] as? String)
        for _ in 0 ..< 4 { try await Actions.key(session, "Up") }
        try await Actions.key(session, "r")
        try session.type("jump from here q7")
        try await Actions.key(session, "Enter")
        try await session.waitFor(text: "jump from here q7")
        // ↑ selects the reply; Enter goes to what it answers.
        try await Actions.key(session, "Up")
        try await Actions.key(session, "Enter")
        var screen = try await session.waitFor("the answered message selected") { lines in
            lines.contains { $0.contains("▌") && $0.contains(String(answeredText.prefix(20))) }
        }
        #expect(screen.joined().contains("⌫ back"), "the way back is said: \(screen.joined(separator: "\n"))")
        try await Actions.key(session, "BSpace")
        screen = try await session.waitFor("back on the reply") { lines in
            lines.contains { $0.contains("▌") && $0.contains("jump from here q7") }
        }
    }
}
