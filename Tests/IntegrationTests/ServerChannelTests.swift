import Foundation
import Testing
import TestSupport

/// Channels and supergroups through the test server, with Telethon (an independent client) as
/// their other members: each numbers its own updates, so Ada's client catches up each with
/// updates.getChannelDifference (in slices when far behind) and applies what is pushed when it
/// follows the channel's own pts; what Ada writes in a supergroup reaches it once, and a
/// broadcast channel she only reads refuses her.
@Suite("Channels and supergroups against the test server", .serialized)
struct ServerChannelTests {
    static let grace = 1_000_002
    static let linus = 1_000_003

    /// Grace makes a channel (a supergroup with `megagroup`) and invites Ada and Linus: its id.
    static func makeChannel(_ server: TestServer, grace: String, title: String, megagroup: Bool) async throws -> Int {
        let made = try await server.telethonChat("create-channel", session: grace, ["--title", title] + (megagroup ? ["--megagroup"] : []))
        let channel = try #require(try made.json()["channel_id"] as? Int, "\(made)")
        _ = try await server.telethonChat("invite", session: grace, ["--channel", "channel:\(channel)", "--with", "+9996610001", "--with", "+9996630003"])
        return channel
    }

    /// The chat's row in Ada's list, by title.
    static func row(_ sandbox: Sandbox, title: String) async throws -> [String: Any]? {
        let rows = try JSONSerialization.jsonObject(with: Data(try await sandbox.runOK(Executables.main, ["chats", "--json", "--limit", "50"]).stdout.utf8))
        return (rows as? [[String: Any]])?.first { $0["title"] as? String == title }
    }

    static func peer(_ sandbox: Sandbox, title: String) async throws -> Int64 {
        let row = try #require(try await row(sandbox, title: title), "no \(title) in the chat list")
        #expect(row["kind"] as? String == "channel", "\(row)")
        return try #require((row["peerId"] as? NSNumber)?.int64Value)
    }

    /// The channel's texts on the server as a member's Telethon reads them, newest first.
    static func serverTexts(_ server: TestServer, session: String, channel: Int) async throws -> [String] {
        let history = try await server.telethonChat("history", session: session, ["--with", "channel:\(channel)", "--limit", "100"])
        return try #require(try history.json()["messages"] as? [[String: Any]], "\(history)").compactMap { $0["text"] as? String }
    }

    @Test("A supergroup's and a channel's posts arrive by channel differences (in slices); Ada's message reaches the supergroup once, the channel refuses it",
          .timeLimit(.minutes(5)))
    func channelsFromThePhone() async throws {
        let server = try ServerGroupTests.startServer()
        defer { server.stop() }
        try await withSandbox("server-channels") { sandbox in
            let (grace, linus) = try await ServerGroupTests.threeAccounts(server, sandbox)
            let group = try await Self.makeChannel(server, grace: grace, title: "Rustaceans", megagroup: true)
            let news = try await Self.makeChannel(server, grace: grace, title: "Announcements", megagroup: false)
            _ = try await server.telethonChat("send", session: grace, ["--to", "channel:\(group)", "--text", "borrow checker"])
            _ = try await server.telethonChat("send", session: linus, ["--to", "channel:\(group)", "--text", "lifetimes"])
            _ = try await server.telethonChat("send", session: grace, ["--to", "channel:\(news)", "--text", "release 1.0"])

            let synced = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect((synced["channelDifferences"] as? Int ?? 0) >= 2, "\(synced)")
            let groupPeer = try await Self.peer(sandbox, title: "Rustaceans")
            let newsPeer = try await Self.peer(sandbox, title: "Announcements")
            var texts = try await ServerGroupTests.messages(sandbox, peer: groupPeer)
            #expect(texts.map(\.text).prefix(2) == ["lifetimes", "borrow checker"], "\(texts)")
            #expect(texts.prefix(2).map(\.author) == [Int64(Self.linus), Int64(Self.grace)], "\(texts)")
            let posts = try await ServerGroupTests.messages(sandbox, peer: newsPeer)
            #expect(posts.first?.text == "release 1.0", "\(posts)")

            // Nothing new: nothing twice.
            let again = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(again["newMessages"] as? Int == 0, "\(again)")

            // Ada writes in the supergroup: once on the server.
            let shared = try await sandbox.run("share", ["send", "--to", String(groupPeer), "--text", "fearless concurrency", "--json"], timeout: 60)
            #expect(shared.exitCode == 0, "\(shared)")
            // The channel she only reads refuses her here, with why, before anything is queued.
            let refusedShare = try await sandbox.run("share", ["send", "--to", String(newsPeer), "--text", "can I post?"], timeout: 60)
            #expect(refusedShare.exitCode != 0 && (refusedShare.stdout + refusedShare.stderr).contains("Only the channel's admins can post here"),
                    "\(refusedShare)")
            #expect(try await Self.row(sandbox, title: "Announcements")?["cannotWrite"] as? String == "Only the channel's admins can post here")
            #expect(try await Self.row(sandbox, title: "Rustaceans")?["cannotWrite"] == nil, "a supergroup's members write")
            _ = try await sandbox.runOK(Executables.main, ["sync", "--json"])
            for session in [grace, linus] {
                let there = try await Self.serverTexts(server, session: session, channel: group)
                #expect(there.filter { $0 == "fearless concurrency" }.count == 1, "\(there)")
            }
            #expect(try await Self.serverTexts(server, session: grace, channel: news).contains("can I post?") == false)
            texts = try await ServerGroupTests.messages(sandbox, peer: groupPeer)
            #expect(texts.filter { $0.text == "fearless concurrency" }.count == 1 && texts.first?.outgoing == true, "\(texts)")

            // Grace makes her an admin: the next sync learns it (updateChannel in the difference), and her post goes.
            _ = try await server.telethonChat("promote", session: grace, ["--channel", "channel:\(news)", "--with", "+9996610001"])
            _ = try await sandbox.runOK(Executables.main, ["sync", "--json"])
            let posted = try await sandbox.run("share", ["send", "--to", String(newsPeer), "--text", "now I can", "--json"], timeout: 60)
            #expect(posted.exitCode == 0, "\(posted)")
            _ = try await sandbox.runOK(Executables.main, ["sync", "--json"])
            #expect(try await Self.serverTexts(server, session: linus, channel: news).filter { $0 == "now I can" }.count == 1)

            // She is made a subscriber again while nothing of hers runs: her next post is queued
            // (the Postbox still says she may post), refused by the server and marked with why in
            // words; the channel is asked for again at once, and the one after is refused here.
            _ = try await server.telethonChat("promote", session: grace, ["--channel", "channel:\(news)", "--with", "+9996610001", "--demote"])
            let stale = try await sandbox.run("share", ["send", "--to", String(newsPeer), "--text", "still an admin?", "--json"], timeout: 60)
            #expect(stale.exitCode == 0, "queued: \(stale)")
            _ = try await sandbox.runOK(Executables.main, ["sync", "--json"])
            #expect(try await Self.serverTexts(server, session: grace, channel: news).contains("still an admin?") == false)
            let refused = try await sandbox.runOK(Executables.main, ["messages", "--peer", String(newsPeer), "--limit", "5", "--json"])
            let rows = try JSONSerialization.jsonObject(with: Data(refused.stdout.utf8)) as? [[String: Any]] ?? []
            let mine = rows.first { $0["text"] as? String == "still an admin?" }
            let failure = (mine?["unsent"] as? [String: Any])?["failure"] as? String
            #expect(failure == "you cannot write in this chat (CHAT_WRITE_FORBIDDEN)", "marked not sent: \(refused.stdout)")
            #expect(server.stderrText.contains("getChannels user 1000001: \(news)"), "the channel was not asked for again")
            let refusedAgain = try await sandbox.run("share", ["send", "--to", String(newsPeer), "--text", "and now?"], timeout: 60)
            #expect(refusedAgain.exitCode != 0 && (refusedAgain.stdout + refusedAgain.stderr).contains("Only the channel's admins can post here"), "\(refusedAgain)")

            // Ada leaves the supergroup on her phone while nothing of hers runs: her next sync learns
            // it (updateChannel and the channel, left), and nothing more can be sent there.
            let phone = sandbox.base + "/ada-phone"
            _ = try await server.telethonChat("login", session: phone, ["--phone", "+999 66 1 0001", "--code", ServerGroupTests.code])
            _ = try await server.telethonChat("leave", session: phone, ["--channel", "channel:\(group)"])
            _ = try await sandbox.runOK(Executables.main, ["sync", "--json"])
            #expect(try await Self.row(sandbox, title: "Rustaceans")?["cannotWrite"] as? String == "You left this group")
            let afterLeaving = try await sandbox.run("share", ["send", "--to", String(groupPeer), "--text", "still here?"], timeout: 60)
            #expect(afterLeaving.exitCode != 0 && (afterLeaving.stdout + afterLeaving.stderr).contains("You left this group"), "\(afterLeaving)")
            _ = try await server.telethonChat("invite", session: grace, ["--channel", "channel:\(group)", "--with", "+9996610001"])
            _ = try await sandbox.runOK(Executables.main, ["sync", "--json"])
            #expect(try await Self.row(sandbox, title: "Rustaceans")?["cannotWrite"] == nil, "invited again, she writes")

            // Far behind: 250 posts come in slices of the channel's difference.
            _ = try await server.telethonChat("send", session: linus, ["--to", "channel:\(group)", "--text", "burst", "--count", "250"], timeout: 240)
            let burst = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect((burst["channelDifferences"] as? Int ?? 0) >= 3 && burst["newMessages"] as? Int == 250, "\(burst)")
            texts = try await ServerGroupTests.messages(sandbox, peer: groupPeer)
            #expect(Set(texts.map(\.text).filter { $0.hasPrefix("burst") }).count == 250, "\(texts.count)")
        }
    }

    static func channelDifferences(_ server: TestServer) -> [String] {
        server.stderrText.split(separator: "\n").filter { $0.contains("getChannelDifference user 1000001 ") }.map(String.init)
    }

    @Test("The running app applies a channel's pushed posts by its own pts; a lost push leaves a gap a channel difference fills; a new channel comes with its title",
          .timeLimit(.minutes(5)))
    func channelsWhileRunning() async throws {
        let server = try TestServer.start(misbehave: ["drop-channel-pushes=1"], extraArguments: [
            "--login-code", ServerGroupTests.code, "--account", "+999 66 1 0001:Ada:Lovelace", "--account", "+999 66 2 0002:Grace:Hopper",
            "--account", "+999 66 3 0003:Linus:Torvalds"])
        defer { server.stop() }
        try await withSandbox("server-channels-live") { sandbox in
            let (grace, linus) = try await ServerGroupTests.threeAccounts(server, sandbox)
            let group = try await Self.makeChannel(server, grace: grace, title: "Rustaceans", megagroup: true)
            _ = try await server.telethonChat("send", session: grace, ["--to", "channel:\(group)", "--text", "welcome"])
            _ = try await sandbox.runOK(Executables.main, ["sync"])
            let peer = try await Self.peer(sandbox, title: "Rustaceans")
            let (run, _) = try await sandbox.startMainRun(["--headless"])
            defer { run.kill9() }
            try await waitUntil("the running app's first catch-up", timeout: 30) { Self.channelDifferences(server).count >= 2 }

            // The first channel push is lost on the way; the next one's pts leaves a gap, which
            // the channel's difference fills.
            _ = try await server.telethonChat("send", session: linus, ["--to", "channel:\(group)", "--text", "lost on the way"])
            #expect(server.stderrText.contains("dropped (drop-channel-pushes)"), "\(server.stderrText.suffix(1500))")
            let beforeGap = Self.channelDifferences(server).count
            _ = try await server.telethonChat("send", session: grace, ["--to", "channel:\(group)", "--text", "after the gap"])
            try await waitUntil("both posts", timeout: 20) {
                try await ServerGroupTests.messages(sandbox, peer: peer).prefix(2).map(\.text) == ["after the gap", "lost on the way"]
            }
            #expect(Self.channelDifferences(server).count > beforeGap, "the gap was not caught up by the channel's difference")

            // From here each push follows the channel's pts: applied as it comes.
            let before = Self.channelDifferences(server).count
            _ = try await server.telethonChat("send", session: linus, ["--to", "channel:\(group)", "--text", "as it came"])
            try await waitUntil("the pushed post", timeout: 20) { try await ServerGroupTests.messages(sandbox, peer: peer).first?.text == "as it came" }
            #expect(Self.channelDifferences(server).count == before, "a post that followed was caught up instead of applied: \(Self.channelDifferences(server))")
            let here = try await ServerGroupTests.messages(sandbox, peer: peer)
            #expect(here.map(\.text).prefix(4) == ["as it came", "after the gap", "lost on the way", "welcome"] && here.first?.author == Int64(Self.linus),
                    "\(here)")

            // Invited to a new channel while the app runs: the push names a channel it never
            // synced, so it catches the channel up and learns its title.
            let news = try await Self.makeChannel(server, grace: grace, title: "Announcements", megagroup: false)
            _ = try await server.telethonChat("send", session: grace, ["--to", "channel:\(news)", "--text", "release 1.0"])
            try await waitUntil("the channel with its title", timeout: 20) { try await Self.row(sandbox, title: "Announcements") != nil }
            let newsPeer = try await Self.peer(sandbox, title: "Announcements")
            try await waitUntil("its post", timeout: 20) { try await ServerGroupTests.messages(sandbox, peer: newsPeer).first?.text == "release 1.0" }
        }
    }
}
