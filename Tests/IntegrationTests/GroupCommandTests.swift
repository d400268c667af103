import Foundation
import Testing
import TestSupport

/// `main group`, for scripts, against the test server with Telethon as the other members: a group
/// made with Grace and Linus, a channel, people added, each as Telethon then sees it; a refusal
/// and bad input exit non-zero with the reason; handed to a running `main run`, the same.
@Suite("main group: groups and channels made from the command line", .serialized)
struct GroupCommandTests {
    static let grace: Int64 = 1_000_002, linus: Int64 = 1_000_003

    /// The chats Grace's Telethon has, by title.
    static func graceHas(_ server: TestServer, _ session: String) async throws -> [String] {
        let dialogs = try await server.telethonChat("dialogs", session: session, [])
        return try #require(try dialogs.json()["dialogs"] as? [[String: Any]], "\(dialogs)").compactMap { $0["title"] as? String }
    }

    @Test("Made and added to without main run, and handed to it while it runs", .timeLimit(.minutes(5)))
    func groupsAndChannels() async throws {
        let server = try ServerGroupTests.startServer()
        defer { server.stop() }
        try await withSandbox("group-command") { sandbox in
            let (grace, linus) = try await ServerGroupTests.threeAccounts(server, sandbox)
            // The server introduces Grace and Linus to Ada: they write first.
            _ = try await server.telethonChat("send", session: grace, ["--to", "+9996610001", "--text", "hi"])
            _ = try await server.telethonChat("send", session: linus, ["--to", "+9996610001", "--text", "hey"])
            try await sandbox.runOK(Executables.main, ["sync"])

            let group = try await sandbox.runOK(Executables.main, ["group", "create", "--title", "Compilers", "--member", String(Self.grace),
                                                                   "--member", String(Self.linus), "--json"]).json()
            let groupPeer = try #require((group["peerId"] as? NSNumber)?.int64Value, "\(group)")
            #expect(group["title"] as? String == "Compilers" && group["notAdded"] as? Int == 0, "\(group)")
            #expect(try await ServerGroupTests.messages(sandbox, peer: groupPeer).map(\.text) == ["You created the group «Compilers»"])

            let channel = try await sandbox.runOK(Executables.main, ["group", "create", "--title", "Release notes", "--channel"])
            #expect(channel.stdout.hasPrefix("made the channel «Release notes»: peer "), "\(channel)")
            let channelPeer = try #require(Int64(channel.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
            try await sandbox.runOK(Executables.main, ["group", "add", "--chat", String(channelPeer), "--member", String(Self.grace)])
            let titles = try await Self.graceHas(server, grace)
            #expect(titles.contains("Compilers") && titles.contains("Release notes"), "\(titles)")

            // Refused by the server, and bad input: non-zero, the reason said.
            let again = try await sandbox.run(Executables.main, ["group", "add", "--chat", String(groupPeer), "--member", String(Self.grace)])
            #expect(again.exitCode == 1 && again.stderr.contains("already a member"), "\(again)")
            let nobody = try await sandbox.run(Executables.main, ["group", "create", "--title", "Solo"])
            #expect(nobody.exitCode == 64 && nobody.stderr.contains("at least one --member"), "\(nobody)")
            let both = try await sandbox.run(Executables.main, ["group", "create", "--title", "X", "--channel", "--supergroup"])
            #expect(both.exitCode == 64, "\(both)")
            let stranger = try await sandbox.run(Executables.main, ["group", "create", "--title", "X", "--member", "424242"])
            #expect(stranger.exitCode == 1 && !stranger.stderr.isEmpty, "\(stranger)")

            // While main run runs, it takes the request and answers the same way.
            let (run, _) = try await sandbox.startMainRun()
            let handed = try await sandbox.runOK(Executables.main, ["group", "create", "--title", "Handed over", "--supergroup", "--json"]).json()
            #expect(handed["title"] as? String == "Handed over" && (handed["peerId"] as? NSNumber) != nil, "\(handed)")
            run.send(SIGTERM)
            let stopped = try await run.wait(timeout: 30, context: "main run after SIGTERM")
            #expect(stopped.exitCode == 0, "\(stopped)")
            let rows = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json"]).stdout.utf8))
            #expect((rows as? [[String: Any]])?.contains { $0["title"] as? String == "Handed over" } == true, "\(rows)")
        }
    }

    @Test("An account without a server says it cannot make groups")
    func offlineAccount() async throws {
        try await withSandbox("group-command-offline") { sandbox in
            try await sandbox.runOK(Executables.main, ["login", "--phone", "+15550001", "--name", "Ada Lovelace"])
            let refused = try await sandbox.run(Executables.main, ["group", "create", "--title", "X", "--member", "2"])
            #expect(refused.exitCode == 1 && refused.stderr.contains("this account has none"), "\(refused)")
        }
    }
}
