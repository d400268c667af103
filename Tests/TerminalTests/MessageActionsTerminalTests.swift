import Foundation
import Testing
import TestSupport

/// The conversation in the real `main` on a real terminal (tmux), at 160×48 (the chat
/// beside the list) and 80×24: a message selected with ↑ and each action on it — reply, edit
/// (markdown kept as entities), react, pin, copy (OSC 52 to tmux's buffer), details, forward,
/// two marked and deleted — checked on screen and in the store as another process reads it
/// (`main messages --json`, `intents search-messages`); a deletion pushed by another process
/// leaving the open chat; a draft kept across a restart and shown in the list.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct MessageActionsTerminalTests {
    static func json(_ arguments: [String]) async throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try await MainInterfaceTerminalTests.run("main", arguments).utf8))
    }

    /// The newest messages of `peer`, newest first, as `main messages --json` gives them.
    static func messages(_ peer: Int64, _ container: String, limit: Int = 5) async throws -> [[String: Any]] {
        try await json(["messages", "--peer", String(peer), "--limit", String(limit), "--json", "--container", container]) as? [[String: Any]] ?? []
    }

    /// A seeded container, `main` running in it at `width`×`height`, and the first user chat of
    /// the list open; its peer id, its title and the title of another user chat (to forward to).
    static func openUserChat(width: Int, height: Int, in base: TemporaryDirectory, reusing existing: String? = nil,
                             term: String? = nil) async throws
        -> (session: TmuxSession, container: String, peer: Int64, other: String) {
        var container = existing ?? ""
        if existing == nil { container = try await MainInterfaceTerminalTests.seededContainer(in: base) }
        let chats = try await json(["chats", "--json", "--container", container]) as? [[String: Any]] ?? []
        let users = chats.enumerated().filter { $0.element["kind"] as? String == "user" && ($0.element["title"] as? String)?.contains("Saved") == false }
        let row = try #require(users.first?.offset)
        let peer = try #require(users.first?.element["peerId"] as? Int64)
        let title = try #require(users.first?.element["title"] as? String)
        let other = try #require(users.dropFirst().first?.element["title"] as? String)
        let session = try TmuxSession(width: width, height: height, command: [
            "/bin/sh", "-c", "'\(Executables.path(Executables.main))' run --container '\(container)'; exec sleep 60"],
            options: term.map { [("default-terminal", $0)] } ?? [])
        _ = try await session.waitFor(text: "Chats", timeout: 15)
        for _ in 0 ..< row { try session.press("Down") }
        try session.press("Enter")
        try await session.waitFor(timeout: 10, "the chat open") { $0[0].contains(title) || $0.contains { $0.contains("‹ Chats") && $0.contains(title) } }
        try await session.still()
        return (session, container, peer, other)
    }

    /// Presses one key and lets the screen settle (keys sent together can merge: Esc then ↑ read as Alt-↑).
    static func key(_ session: TmuxSession, _ name: String) async throws {
        try session.press(name)
        try await session.still()
    }

    @Test(arguments: [(160, 48), (80, 24)])
    func everyActionOnASelectedMessage(size: (Int, Int)) async throws {
        let base = try TemporaryDirectory("ui-actions")
        defer { base.remove() }
        let (session, container, peer, other) = try await Self.openUserChat(width: size.0, height: size.1, in: base)
        defer { session.kill() }

        // ↑ selects the newest message: its rows are marked in the margin.
        let newest = try #require(try await Self.messages(peer, container).first)
        try await Self.key(session, "Up")
        var screen = try session.capture()
        #expect(screen.contains { $0.contains("▌") }, "\(screen.joined(separator: "\n"))")

        // r: a reply, quoted above the composer, sent with replyTo.
        try await Self.key(session, "r")
        try await session.waitFor(text: "↩ Reply to")
        try session.type("zebrafish reply")
        try await Self.key(session, "Enter")
        try await session.waitFor(text: "zebrafish reply")
        var stored = try await Self.messages(peer, container)
        #expect((stored.first?["replyTo"] as? [String: Any])?["id"] as? Int == newest["id"] as? Int, "\(stored.first ?? [:])")
        let sentId = try #require(stored.first?["id"] as? Int)

        // e: the composer holds the text; saved under the same id with editedAt, markdown as entities.
        try await Self.key(session, "Up")
        try await Self.key(session, "e")
        try await session.waitFor(text: "✎ Editing")
        try await Self.key(session, "C-u")
        try session.type("quokka **edited**")
        try await Self.key(session, "Enter")
        screen = try await session.waitFor(text: "quokka edited")
        #expect(screen.contains { $0.contains("quokka edited") && $0.contains("edited ✓") }, "\(screen.joined(separator: "\n"))")
        stored = try await Self.messages(peer, container)
        #expect(stored.first?["id"] as? Int == sentId && stored.first?["editedAt"] != nil && stored.first?["text"] as? String == "quokka edited")
        #expect((stored.first?["entities"] as? [[String: Any]])?.first?["type"] as? String == "bold")
        let found = try await MainInterfaceTerminalTests.run("intents", ["search-messages", "--query", "quokka", "--json", "--container", container])
        #expect(found.contains("quokka edited"), "an extension finds the edited text")
        let old = try await MainInterfaceTerminalTests.run("intents", ["search-messages", "--query", "zebrafish", "--json", "--container", container])
        #expect(!old.contains("zebrafish"), "and not the old one: \(old)")

        // +: the reaction sheet, Enter takes the first (👍); the message shows it, the store marks it the account's.
        try await Self.key(session, "Up")
        try await Self.key(session, "+")
        try await session.waitFor(text: "React")
        try await Self.key(session, "Enter")
        try await session.waitFor(text: "👍 1")
        stored = try await Self.messages(peer, container)
        let reaction = (stored.first?["reactions"] as? [[String: Any]])?.first
        #expect(reaction?["chosen"] as? Bool == true, "\(stored.first ?? [:])")

        // p: pinned, in the bar under the title.
        try await Self.key(session, "p")
        try await session.waitFor(text: "📌 Pinned: quokka edited")

        // y: copied through OSC 52 into tmux's buffer.
        try await Self.key(session, "Up")
        try await Self.key(session, "Down")
        try await Self.key(session, "y")
        #expect(try session.clipboard().contains("quokka edited"))

        // i: the details sheet; Esc closes it.
        try await Self.key(session, "i")
        try await session.waitFor(text: "Message ID")
        try await Self.key(session, "Escape")

        // f: forward to another chat picked by typing; the copy carries where it came from.
        try await Self.key(session, "f")
        try await session.waitFor(text: "Forward to")
        try session.type(String(other.prefix(4)))
        try await Self.key(session, "Enter")
        try await session.waitFor(text: "Forwarded to")

        // Space marks two, d deletes both (Enter takes the sheet's first choice).
        try await Self.key(session, "Space")
        try await Self.key(session, "Up")
        try await Self.key(session, "Space")
        try await Self.key(session, "d")
        try await session.waitFor(text: "Delete 2 messages?")
        try await Self.key(session, "Enter")
        try await session.waitFor(text: "2 messages deleted")
        stored = try await Self.messages(peer, container, limit: 20)
        #expect(!stored.contains { $0["id"] as? Int == sentId }, "deleted in the store")
        // Found still: the forwarded copy and the pin's service line; not the deleted message.
        let after = try await MainInterfaceTerminalTests.run("intents", ["search-messages", "--query", "quokka", "--json", "--container", container])
        #expect(after.contains("quokka") && !after.contains("\"\(peer)_0_\(sentId)\""), "a deleted message is not found: \(after)")
        try await Self.key(session, "Escape")

        // Bug 2: a deletion pushed by another process leaves the open chat at the next tick.
        let top = try #require(try await Self.messages(peer, container).first)
        let text = try #require(top["text"] as? String)
        try await MainInterfaceTerminalTests.run("main", ["push", "--kind", "deleted", "--peer", String(peer), "--container", container])
        try await session.waitFor(timeout: 5, "the pushed deletion") { !$0.contains { $0.contains(text) } }
    }

    /// A draft with its reply kept across a restart (^C saves it on the way out), back in the
    /// composer; and "Draft: …" in the chat list once the chat is left.
    @Test(arguments: [(80, 24), (160, 48)])
    func aDraftLastsAcrossARestart(size: (Int, Int)) async throws {
        let base = try TemporaryDirectory("ui-draft")
        defer { base.remove() }
        let (session, container, _, _) = try await Self.openUserChat(width: size.0, height: size.1, in: base)
        try await Self.key(session, "Up")
        try await Self.key(session, "r")
        try session.type("half a thought")
        try await session.still()
        try session.press("C-c")
        try await session.waitFor(timeout: 10, "main to end") { _ in (try? session.format("#{alternate_on}")) == "0" }
        session.kill()

        let again = try await Self.openUserChat(width: size.0, height: size.1, in: base, reusing: container)
        defer { again.session.kill() }
        let screen = try await again.session.waitFor(text: "› half a thought")
        #expect(screen.contains { $0.contains("↩ Reply to") }, "the reply came back too: \(screen.joined(separator: "\n"))")
        try await Self.key(again.session, "Escape")  // drops the reply
        try await Self.key(again.session, "Escape")  // back to the list
        try await again.session.waitFor(text: "Draft: half a thought")
    }

    /// Catching up: an unread chat opens at its "N unread messages" line; alt-n goes to the next
    /// chat with unread messages; in the selection, Home reaches the chat's first message.
    @Test func unreadDividerNextUnreadAndHome() async throws {
        let base = try TemporaryDirectory("ui-unread")
        defer { base.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: base)
        let chats = try await Self.json(["chats", "--json", "--container", container]) as? [[String: Any]] ?? []
        let unread = chats.enumerated().filter { ($0.element["unreadCount"] as? Int ?? 0) > 0 && $0.element["muted"] as? Bool != true }
        try #require(unread.count >= 2, "the seed leaves several unread chats: \(chats)")
        let first = unread[0], second = unread[1]
        let session = try TmuxSession(width: 80, height: 24, command: [
            "/bin/sh", "-c", "'\(Executables.path(Executables.main))' run --container '\(container)'; exec sleep 60"])
        defer { session.kill() }
        _ = try await session.waitFor(text: "Chats", timeout: 15)
        for _ in 0 ..< first.offset { try session.press("Down") }
        try await Self.key(session, "Enter")
        let count = first.element["unreadCount"] as? Int ?? 0
        try await session.waitFor(text: count == 1 ? "1 unread message" : "\(count) unread messages")
        try await Self.key(session, "M-n")
        let title = try #require(second.element["title"] as? String)
        try await session.waitFor(timeout: 5, "the next unread chat") { $0[0].contains(title) }
        try await Self.key(session, "Up")
        try await Self.key(session, "Home")
        let oldest = try #require(try await Self.messages(second.element["peerId"] as? Int64 ?? 0, container, limit: 10_000).last)
        let text = try #require(oldest["text"] as? String)
        try await session.waitFor(timeout: 5, "the first message selected") { $0.contains { $0.hasPrefix("▌") && $0.contains(String(text.prefix(20))) } }
    }
}
