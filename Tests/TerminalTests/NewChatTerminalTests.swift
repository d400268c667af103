import Foundation
import Testing
import TestSupport

/// Groups and channels made in the terminal, as Telegram's New Group, New Channel and Add Members
/// go: c in the chat list (Telegram iOS's Compose), people marked with Enter, Tab, the name, Enter; the server makes it
/// and the chat opens with its service message. Grace and Linus (Telethon) see the group, its
/// title and Ada's first message; a channel Ada makes gets Grace with a; a refusal is said.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct NewChatTerminalTests {
    @Test(arguments: [((80, 24), "xterm-256color"), ((160, 48), "tmux-256color")])
    func aGroupAndAChannelMadeInTheTerminal(size: (Int, Int), term: String) async throws {
        let directory = try TemporaryDirectory("new-chat-terminal")
        defer { directory.remove() }
        let (server, container, grace, linus) = try await ServerGroupTerminalTests.threeAccounts(in: directory)
        defer { server.stop() }
        // Grace and Linus write first: the server introduces them to Ada (their access hashes).
        try await server.telethonChat("send", session: grace, ["--to", "+9996610001", "--text", "hello from Grace"])
        try await server.telethonChat("send", session: linus, ["--to", "+9996610001", "--text", "hello from Linus"])

        let tmux = try TmuxSession(width: size.0, height: size.1, command: [Executables.path(Executables.main), "--container", container],
                                   options: [("default-terminal", term)])
        defer { tmux.kill() }
        try await tmux.waitFor(timeout: 20, "both chats in the list") { lines in
            lines.contains { $0.contains("Grace Hopper") } && lines.contains { $0.contains("Linus Torvalds") }
        }
        // The key line offers it, once the account's connection is there.
        try await tmux.waitFor(text: "c new", timeout: 10)

        // n, New Group, Grace and Linus marked, Tab, the name.
        try await MessageActionsTerminalTests.key(tmux, "c")
        try await tmux.waitFor(text: "New Channel")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(text: "next (mark someone)")
        try tmux.type("gra")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(text: "✓ Grace Hopper")
        for _ in 0 ..< 3 { try await MessageActionsTerminalTests.key(tmux, "BSpace") }
        try tmux.type("lin")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(text: "New Group (2)")
        try await MessageActionsTerminalTests.key(tmux, "Tab")
        try await tmux.waitFor(text: "With 2 people.")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(text: "a name is needed")
        try tmux.type("Compilers")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        let opened = try await tmux.waitFor(timeout: 20, "the new group open with its service message") { lines in
            lines.contains { $0.contains("You created the group «Compilers»") } && lines.contains { $0.contains("⏎ send") }
        }
        #expect(opened.first?.contains("Compilers") == true, "\(opened.joined(separator: "\n"))")
        // The header counts the members, as the server's chat says.
        try await tmux.waitFor(text: "3 members", timeout: 10)
        try tmux.type("Welcome, both")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "sent, with its tick") { $0.contains { $0.contains("Welcome, both ✓") } }

        // Both members have the group, its title, its creation and Ada's message, once.
        for session in [grace, linus] {
            let history = try await server.telethonChat("history", session: session, ["--with", "Compilers", "--limit", "10"])
            let messages = try #require(try history.json()["messages"] as? [[String: Any]], "\(history)")
            #expect(messages.compactMap { $0["text"] as? String }.filter { $0 == "Welcome, both" }.count == 1, "\(messages)")
            #expect(messages.contains { ($0["action"] as? [String: Any])?["_"] as? String == "MessageActionChatCreate" }, "\(messages)")
        }

        // n, New Channel, its name: it opens; a on its row adds Grace, who then has it.
        try await MessageActionsTerminalTests.key(tmux, "Escape")
        try await MessageActionsTerminalTests.key(tmux, "c")
        try await tmux.waitFor(text: "New Channel")
        try await MessageActionsTerminalTests.key(tmux, "Down")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(text: "Channel name")
        try tmux.type("Release notes")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 20, "the channel open") { $0.contains { $0.contains("Channel created «Release notes»") } }
        try await tmux.waitFor(text: "1 subscriber", timeout: 10)
        // A post is the channel's: shown sent, with no "You:" before it, in the chat or the list.
        try tmux.type("v2 is out")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 20, "the post sent") { $0.contains { $0.contains("v2 is out") && $0.contains("✓") } }
        let posted = try tmux.capture()
        #expect(!posted.contains { $0.contains("You: v2") }, "\(posted)")
        try await MessageActionsTerminalTests.key(tmux, "Escape")
        try await tmux.waitFor(timeout: 10, "the channel on top of the list") { lines in
            lines.firstIndex { $0.contains("Release notes") }.map { r in !lines[..<r].contains { $0.contains("Compilers") } } ?? false
        }
        try await tmux.waitFor(timeout: 10, "the post in the channel's row") { $0.contains { $0.contains("v2 is out") } }
        let listed = try tmux.capture()
        #expect(!listed.contains { $0.contains("You: v2") }, "\(listed)")
        try await Self.addGrace(tmux, rowsDown: 0, to: "Release notes")
        try await tmux.waitFor(text: "Added to Release notes", timeout: 20)
        let dialogs = try await server.telethonChat("dialogs", session: grace, [])
        let titles = try #require(try dialogs.json()["dialogs"] as? [[String: Any]], "\(dialogs)").compactMap { $0["title"] as? String }
        #expect(titles.contains("Release notes") && titles.contains("Compilers"), "\(titles)")

        // Grace into the group again: the picker, told by the server who is in it, says she is
        // a member already and does not mark her; Tab has nobody to add.
        try await Self.pickGrace(tmux, rowsDown: 1, in: "Compilers")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await MessageActionsTerminalTests.key(tmux, "Tab")
        try await tmux.waitFor(text: "mark someone")
        let picker = try tmux.capture()
        #expect(!picker.contains { $0.contains("✓ Grace") } && picker.contains { $0.contains("Add to Compilers") }, "\(picker)")
        try await MessageActionsTerminalTests.key(tmux, "Escape")
        // The channel's members come from channels.getParticipants.
        try await Self.pickGrace(tmux, rowsDown: 0, in: "Release notes")
        try await MessageActionsTerminalTests.key(tmux, "Escape")
    }

    /// a on the list's row `rowsDown` from the top (the chat `title`), Grace looked for: the row
    /// says she is a member already.
    static func pickGrace(_ tmux: TmuxSession, rowsDown: Int, in title: String) async throws {
        try await lookForGrace(tmux, rowsDown: rowsDown, in: title)
        try await tmux.waitFor(timeout: 20, "Grace shown as a member") { $0.contains { $0.contains("Grace Hopper") && $0.contains("already a member") } }
    }

    /// a on the list's row `rowsDown` from the top (the chat `title`), Grace marked, Tab.
    static func addGrace(_ tmux: TmuxSession, rowsDown: Int, to title: String) async throws {
        try await lookForGrace(tmux, rowsDown: rowsDown, in: title)
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await MessageActionsTerminalTests.key(tmux, "Tab")
    }

    /// a on the list's row `rowsDown` from the top (the chat `title`), "gra" typed in its picker.
    private static func lookForGrace(_ tmux: TmuxSession, rowsDown: Int, in title: String) async throws {
        try await MessageActionsTerminalTests.key(tmux, "Home")
        for _ in 0 ..< rowsDown { try await MessageActionsTerminalTests.key(tmux, "Down") }
        try await MessageActionsTerminalTests.key(tmux, "a")
        try await tmux.waitFor(text: "Add to \(title)")
        try tmux.type("gra")
    }

    @Test("An account without a server says it cannot make groups")
    func offlineAccount() async throws {
        let directory = try TemporaryDirectory("new-chat-offline")
        defer { directory.remove() }
        let container = directory.sub("container")
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--phone", "+15550001", "--name", "Ada Lovelace", "--container", container])
        _ = try await MainInterfaceTerminalTests.run("main", ["seed", "--peers", "3", "--messages", "5", "--container", container])
        let tmux = try TmuxSession(width: 80, height: 24, command: [Executables.path(Executables.main), "--container", container])
        defer { tmux.kill() }
        try await tmux.waitFor(text: "Chats", timeout: 15)
        let list = try tmux.capture()
        #expect(!list.contains { $0.contains("c new") }, "an offline account is not offered it: \(list.last ?? "")")
        try await MessageActionsTerminalTests.key(tmux, "c")
        try await tmux.waitFor(text: "Cannot make a group or channel")
        try await MessageActionsTerminalTests.key(tmux, "a")
        try await tmux.waitFor(text: "Cannot add members")
    }
}
