import Foundation
import Testing
import TestSupport

/// Bugs a first day in the terminal tripped over, each reproduced in the real `main` in tmux:
/// the status line telling an older action after a newer one; a draft reaching the chat list a
/// tick after the chat was left; the unread divider keeping its count after another process
/// deleted a message below it.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct DailyUseBugsTerminalTests {
    typealias Actions = MessageActionsTerminalTests

    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func theStatusLineTellsTheLatestActionAndTheDraftIsListedAtOnce(size: (Int, Int), term: String) async throws {
        let base = try TemporaryDirectory("bugs-status")
        defer { base.remove() }
        let (session, _, _, other) = try await Actions.openUserChat(width: size.0, height: size.1, in: base, term: term)
        defer { session.kill() }
        try await Actions.key(session, "Up")
        try await Actions.key(session, "f")
        try await session.waitFor(text: "Forward to")
        try session.type(String(other.prefix(4)))
        try await Actions.key(session, "Enter")
        try await session.waitFor(text: "Forwarded to")
        try await Actions.key(session, "+")
        try await session.waitFor(text: "React")
        try await Actions.key(session, "Enter")
        let screen = try await session.waitFor(text: "Reacted 👍")
        #expect(!screen.joined().contains("Forwarded to"), "\(screen.joined(separator: "\n"))")

        // Leaving the chat: its draft is in the list on the first frame, not a tick later.
        try await Actions.key(session, "Escape")
        try session.type("half a thought k3")
        try await session.waitFor(text: "› half a thought k3")
        try await session.still()
        try session.press("Escape")
        // The first screen without the chat already lists the draft (it used to come a tick later).
        let left = try await session.waitFor("the chat closed") { !$0.joined().contains("› half a thought k3") }
        #expect(left.contains { $0.contains("Draft: half a thought k3") }, "\(left.joined(separator: "\n"))")
    }

    /// 300 unread: the chat opens at its divider with a page around it loaded, the newest
    /// message 300 below is not. Another process deletes that one, then the one just under the
    /// line (on screen): the count follows both.
    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func theDividerFollowsADeletionBelowIt(size: (Int, Int), term: String) async throws {
        let base = try TemporaryDirectory("bugs-divider")
        defer { base.remove() }
        let container = base.sub("container")
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--phone", "+15550001", "--name", "Ada Tester", "--container", container])
        _ = try await MainInterfaceTerminalTests.run("main", ["seed", "--peers", "8", "--messages", "900", "--unread-chat", "300", "--seed", "3",
                                                              "--container", container])
        let chats = try await Actions.json(["chats", "--json", "--container", container]) as? [[String: Any]] ?? []
        let unread = try #require(chats.first { ($0["unreadCount"] as? Int ?? 0) == 300 }, "\(chats)")
        let peer = try #require(unread["peerId"] as? Int64)
        let title = try #require(unread["title"] as? String)
        let messages = try await Actions.messages(peer, container, limit: 300)
        let incoming = messages.filter { ($0["outgoing"] as? Bool) == false }.compactMap { $0["id"] as? Int }
        let newest = try #require(messages.first?["id"] as? Int)
        let firstUnread = try #require(incoming.last)
        #expect(incoming.count == 300 && incoming.first == newest, "the newest is one of the 300: \(messages.prefix(3))")
        let main = Executables.path(Executables.main)
        let session = try TmuxSession(width: size.0, height: size.1, command: [main, "run", "--container", container, "--open", "tg://localpeer?id=\(peer)"],
                                      options: [("default-terminal", term)])
        defer { session.kill() }
        try await session.waitFor(timeout: 15, "\(title) open at its divider") { $0.contains { $0.contains("300 unread messages") } }
        try await session.still()
        func delete(_ id: Int) async throws {
            _ = try await MainInterfaceTerminalTests.run("main", ["push", "--kind", "deleted", "--peer", String(peer), "--message", String(id), "--container", container])
        }
        // The newest, far below what is loaded.
        try await delete(newest)
        try await session.waitFor(timeout: 5, "the divider counting one less") { $0.contains { $0.contains("299 unread messages") } }
        // The line's own message, on screen: the line moves to the next unread one.
        try await delete(firstUnread)
        let screen = try await session.waitFor(timeout: 5, "the divider counting two less") { $0.contains { $0.contains("298 unread messages") } }
        #expect(!screen.joined().contains("299 unread"), "\(screen.joined(separator: "\n"))")
    }
}
