import Foundation
import Testing
import TestSupport

/// Completion in the real `main`'s composer: `@` and the start of the chat's other side's name
/// (or username) completes with Tab, `:tada:` Tab becomes 🎉, and `:` Tab opens the emoji picker,
/// narrowed by typing; the reaction picker is a grid narrowed by typing a reaction's name.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct CompletionTerminalTests {
    typealias Actions = MessageActionsTerminalTests

    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func mentionsShortcodesAndThePicker(size: (Int, Int), term: String) async throws {
        let base = try TemporaryDirectory("complete")
        defer { base.remove() }
        let (session, container, peer, _) = try await Actions.openUserChat(width: size.0, height: size.1, in: base, term: term)
        defer { session.kill() }
        let chats = try await Actions.json(["chats", "--json", "--limit", "100", "--container", container]) as? [[String: Any]] ?? []
        let title = try #require(chats.first { $0["peerId"] as? Int64 == peer }?["title"] as? String)
        let first = try #require(title.split(separator: " ").first.map(String.init))
        try session.type("hi @" + first.prefix(2).lowercased())
        try await Actions.key(session, "Tab")
        var screen = try await session.waitFor("the name completed") { $0.contains { $0.contains("› hi ") && ($0.contains(title) || $0.contains("@")) && !$0.hasSuffix("@" + first.prefix(2).lowercased()) } }
        #expect(screen.contains { $0.contains("› hi \(title)") || $0.contains("› hi @") }, "\(screen.joined(separator: "\n"))")
        try await Actions.key(session, "C-u")
        try session.type("well done :tada:")
        try await Actions.key(session, "Tab")
        try await session.waitFor(text: "› well done 🎉")
        try await Actions.key(session, "C-u")
        try session.type("mood :")
        try await Actions.key(session, "Tab")
        try await session.waitFor(text: "Emoji")
        try session.type("rock")
        try await Actions.key(session, "Enter")
        screen = try await session.waitFor(text: "› mood 🚀")

        // The reaction picker is a grid narrowed by name: + on the newest message, "fire", Enter.
        try await Actions.key(session, "C-u")
        try await Actions.key(session, "Up")
        try await Actions.key(session, "+")
        screen = try await session.waitFor(text: "Find: ")
        #expect(screen.contains { $0.contains("👍") && $0.contains("❤") }, "several on a row: \(screen.joined(separator: "\n"))")
        try session.type("fire")
        try await Actions.key(session, "Enter")
        try await session.waitFor(text: "🔥 1")
    }
}
