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

    /// ^F in a chat (the default keys, no vim style needed): the query line, Enter finds and
    /// says which hit of how many, F3 goes to the next (older) and ⇧F3 back.
    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func findInTheOpenChatCountsItsHits(size: (Int, Int), term: String) async throws {
        let base = try TemporaryDirectory("find")
        defer { base.remove() }
        let (session, container, peer, _) = try await Actions.openUserChat(width: size.0, height: size.1, in: base, term: term)
        defer { session.kill() }
        let stored = try await Actions.messages(peer, container, limit: 1000)
        func words(_ text: String) -> Set<String> { Set(text.lowercased().split { !$0.isLetter }.map(String.init)) }
        var counts: [String: Int] = [:]
        for message in stored { for word in words(message["text"] as? String ?? "") where word.count >= 5 { counts[word, default: 0] += 1 } }
        let (word, hits) = try #require(counts.filter { $0.value >= 3 }.min { ($0.value, $0.key) < ($1.value, $1.key) })
        try await Actions.key(session, "C-f")
        try session.type(word)
        try await Actions.key(session, "Enter")
        try await session.waitFor(text: "“\(word)”: 1 of \(hits)")
        try await Actions.key(session, "F3")
        try await session.waitFor(text: "“\(word)”: 2 of \(hits)")
        try await Actions.key(session, "S-F3")
        try await session.waitFor(text: "“\(word)”: 1 of \(hits)")
    }

    /// The all-chats search keeps its results under a chat opened from them: Esc (after the
    /// found message's selection) comes back to the results.
    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func theSearchKeepsItsResultsUnderAnOpenedChat(size: (Int, Int), term: String) async throws {
        let base = try TemporaryDirectory("search-back")
        defer { base.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: base)
        let session = try TmuxSession(width: size.0, height: size.1, command: [Executables.path(Executables.main), "run", "--container", container],
                                      options: [("default-terminal", term)])
        defer { session.kill() }
        try await session.waitFor(text: "Chats")
        try await session.still()
        try await Actions.key(session, "/")
        try session.type("dinner")
        try await Actions.key(session, "Enter")
        try await session.waitFor(text: "chats and messages")
        try await Actions.key(session, "Down")
        try await Actions.key(session, "Enter")
        try await session.waitFor("a chat open") { $0.contains { $0.contains("^G Call") } }
        try await Actions.key(session, "Escape")  // the found message's selection
        if size.0 < 120 {
            try await Actions.key(session, "Escape")  // the chat
        } else {
            try await Actions.key(session, "F6")  // side by side the results are beside the chat
        }
        let screen = try await session.waitFor(text: "chats and messages")
        #expect(screen.contains { $0.contains("/ dinner") }, "\(screen.joined(separator: "\n"))")
    }
}
