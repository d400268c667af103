import Foundation
import Testing
import TestSupport

/// A chat taken from Ada's list with `d`, as Telegram offers it: deleted for her and Grace, the
/// server deletes both histories (Grace's phone, Telethon, has none left) and the row goes; a
/// message Grace sends afterwards brings the chat back with that message alone. Cleared, the row
/// stays, empty. The app's connection tells the server (messages.deleteHistory). A channel is
/// left (channels.leaveChannel), a basic group deleted and left (its history, then
/// messages.deleteChatUser): their rows go, and Grace's next posts do not bring them back.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct DeleteChatTerminalTests {
    @Test(arguments: [(80, 24), (160, 48)])
    func deletedForBothThenBackWithANewMessage(size: (Int, Int)) async throws {
        let (server, directory) = try await ServerHistoryTerminalTests.graceWrites(5, "hello", pageLimit: 100)
        defer { server.stop(); directory.remove() }
        let (container, grace) = (directory.sub("container"), directory.sub("grace"))
        let tmux = try await Self.adaSynced(server, container, size: size)
        defer { tmux.kill() }
        try await tmux.still()
        if size.0 >= 160 {
            // Open beside the list, the list focused again: the chat closes with its row.
            try await MessageActionsTerminalTests.key(tmux, "Enter")
            try await tmux.waitFor(text: "⏎ send", timeout: 10)
            try await MessageActionsTerminalTests.key(tmux, "F6")
        }
        try tmux.press("d")
        let sheet = try await tmux.waitFor(text: "Delete chat for me and Grace", timeout: 10)
        #expect(sheet.contains { $0.contains("Clear history") } && sheet.contains { $0.contains("Grace Hopper?") }, "\(sheet.joined(separator: "\n"))")
        try tmux.press("Down")
        try await tmux.still()
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "the row gone") { lines in !lines.contains { $0.contains("Grace Hopper") } }
        // The server deleted Grace's copies too.
        try await waitUntil("Grace's history with Ada empty", timeout: 15) {
            let history = try await server.telethonChat("history", session: grace, ["--with", "+9996610001"])
            return ((try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [String: Any])?["messages"] as? [Any])?.isEmpty == true
        }
        #expect(server.stderrText.contains("deleteHistory user 1000001 peer 1000002: 5 message(s)"), "one request, revoke")
        #expect(try await ServerHistoryTerminalTests.stored(container).isEmpty)

        try await server.telethonChat("send", session: grace, ["--to", "+9996610001", "--text", "back again"])
        let back = try await tmux.waitFor(text: "back again", timeout: 15)
        #expect(back.contains { $0.contains("Grace Hopper") }, "\(back.joined(separator: "\n"))")
        #expect(try await ServerHistoryTerminalTests.stored(container) == ["back again"])

        // Cleared: the row stays, with nothing in it.
        try tmux.press("d")
        try await tmux.waitFor(text: "Clear history", timeout: 10)
        try tmux.press("Down")
        try tmux.press("Down")
        try await tmux.still()
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "the message gone, the row kept") { lines in
            !lines.contains { $0.contains("back again") } && lines.contains { $0.contains("Grace Hopper") }
        }
        #expect(try await ServerHistoryTerminalTests.stored(container).isEmpty)
    }

    /// Grace deletes the chat for both sides: Ada's copies go as the server says, and her row
    /// with them, not left empty: asked (messages.getPeerDialogs, as Telegram Desktop asks when
    /// deletions take a chat's last message), the server has no dialog of it left. Open beside
    /// the list, the chat stays open, with nothing in it.
    @Test(arguments: [(80, 24), (160, 48)])
    func deletedForBothByTheOtherSide(size: (Int, Int)) async throws {
        let (server, directory) = try await ServerHistoryTerminalTests.graceWrites(5, "hello", pageLimit: 100)
        defer { server.stop(); directory.remove() }
        let (container, grace) = (directory.sub("container"), directory.sub("grace"))
        let tmux = try await Self.adaSynced(server, container, size: size)
        defer { tmux.kill() }
        if size.0 >= 160 {
            try await MessageActionsTerminalTests.key(tmux, "Enter")
            try await tmux.waitFor(text: "⏎ send", timeout: 10)
        }
        try await server.telethonChat("delete-history", session: grace, ["--with", "+9996610001", "--revoke"])
        try await tmux.waitFor(timeout: 15, "the row gone") { lines in
            !lines.contains { $0.contains("hello") } && lines.filter { $0.contains("Grace Hopper") }.count <= (size.0 >= 160 ? 1 : 0)
        }
        #expect(server.stderrText.contains("getPeerDialogs user 1000001: 0 of 1 asked"))
        #expect(try await ServerHistoryTerminalTests.stored(container).isEmpty)
    }

    /// The same with a draft Ada left in the chat: the row stays, with the draft, as Telegram keeps
    /// a chat being written in.
    @Test func deletedForBothByTheOtherSideKeepsADraft() async throws {
        let (server, directory) = try await ServerHistoryTerminalTests.graceWrites(2, "hello", pageLimit: 100)
        defer { server.stop(); directory.remove() }
        let (container, grace) = (directory.sub("container"), directory.sub("grace"))
        let tmux = try await Self.adaSynced(server, container, size: (80, 24))
        defer { tmux.kill() }
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(text: "⏎ send", timeout: 10)
        try tmux.type("half a thought")
        try await MessageActionsTerminalTests.key(tmux, "Escape")
        try await tmux.waitFor(text: "Draft: half a thought", timeout: 10)
        try await server.telethonChat("delete-history", session: grace, ["--with", "+9996610001", "--revoke"])
        try await waitUntil("the server's deletions applied and the chat asked about", timeout: 15) {
            server.stderrText.contains("getPeerDialogs user 1000001: 0 of 1 asked")
        }
        try await tmux.still()
        let list = try tmux.capture()
        #expect(list.contains { $0.contains("Grace Hopper") } && list.contains { $0.contains("Draft: half a thought") }, "\(list)")
        #expect(try await ServerHistoryTerminalTests.stored(container).isEmpty)
    }

    /// Ada logged in on `container` and synced, her `main` in tmux with Grace's chat in the list.
    static func adaSynced(_ server: TestServer, _ container: String, size: (Int, Int)) async throws -> TmuxSession {
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", ServerHistoryTerminalTests.code,
                                                              "--container", container])
        _ = try await MainInterfaceTerminalTests.run("main", ["sync", "--container", container])
        let tmux = try TmuxSession(width: size.0, height: size.1, command: [Executables.path(Executables.main), "--container", container])
        do {
            try await tmux.waitFor(text: "Grace Hopper", timeout: 15)
        } catch {
            tmux.kill()
            throw error
        }
        return tmux
    }

    @Test func aChannelAndAGroupLeft() async throws {
        let (server, directory) = try await ServerHistoryTerminalTests.graceWrites(1, "hello", pageLimit: 100)
        defer { server.stop(); directory.remove() }
        let container = directory.sub("container"), grace = directory.sub("grace")
        _ = try await MainInterfaceTerminalTests.run("main", ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                              "--phone", "+999 66 1 0001", "--code", ServerHistoryTerminalTests.code,
                                                              "--container", container])
        let made = try await server.telethonChat("create-channel", session: grace, ["--title", "Announcements"])
        let channel = try #require(try made.json()["channel_id"] as? Int, "\(made)")
        try await server.telethonChat("invite", session: grace, ["--channel", "channel:\(channel)", "--with", "+9996610001"])
        try await server.telethonChat("send", session: grace, ["--to", "channel:\(channel)", "--text", "release 1.0 is out"])
        try await server.telethonChat("create-group", session: grace, ["--title", "Compilers", "--with", "+9996610001"])
        try await server.telethonChat("send", session: grace, ["--to", "Compilers", "--text", "first light"])

        let tmux = try TmuxSession(width: 80, height: 24, command: [Executables.path(Executables.main), "--container", container])
        defer { tmux.kill() }
        try await tmux.waitFor(timeout: 20, "the channel in the list") { $0.contains { $0.contains("Announcements") } }
        try await tmux.still()
        let list = try tmux.capture()
        // The group's row is the newest, the channel's next: Down to it.
        #expect(list.firstIndex { $0.contains("Compilers") } ?? .max < list.firstIndex { $0.contains("Announcements") } ?? 0, "\(list.joined(separator: "\n"))")
        try tmux.press("d")
        let groupSheet = try await tmux.waitFor(text: "Delete and leave group", timeout: 10)
        #expect(groupSheet.contains { $0.contains("Clear history") }, "\(groupSheet.joined(separator: "\n"))")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "the group's row gone") { lines in !lines.contains { $0.contains("Compilers") } }
        try await waitUntil("the server hears it", timeout: 15) { server.stderrText.contains("deleteChatUser user 1000001: user 1000001 left chat") }
        #expect(server.stderrText.contains("deleteHistory user 1000001 peer -"), "its history first")
        try await tmux.still()
        try tmux.press("d")
        let sheet = try await tmux.waitFor(text: "Leave channel", timeout: 10)
        #expect(!sheet.contains { $0.contains("Clear history") }, "\(sheet.joined(separator: "\n"))")
        try await MessageActionsTerminalTests.key(tmux, "Enter")
        try await tmux.waitFor(timeout: 15, "the channel's row gone") { lines in !lines.contains { $0.contains("Announcements") } }
        try await waitUntil("the server hears it", timeout: 15) { server.stderrText.contains("leaveChannel user 1000001: channel \(channel)") }
        try await server.telethonChat("send", session: grace, ["--to", "channel:\(channel)", "--text", "release 1.1 is out"])
        try await server.telethonChat("send", session: grace, ["--to", "Compilers", "--text", "second light"])
        try await server.telethonChat("send", session: grace, ["--to", "+9996610001", "--text", "did you see it?"])
        try await tmux.waitFor(text: "did you see it?", timeout: 15)
        #expect(!(try tmux.capture()).contains { $0.contains("Announcements") || $0.contains("release 1.1") || $0.contains("Compilers") })
    }
}
