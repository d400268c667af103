import Foundation
import Testing
import Container
import Storage
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The widget's configuration (the chats it shows, from the Postbox opened read-only), its picture,
/// and the rule that it never changes a byte of any database.
@Suite("widget configure and render; the databases stay untouched")
struct WidgetConfigureRenderTests {
    @Test("configure lists pinned chats first, no secret chats, with avatar PNGs; --select reaches the timeline after a writer command",
          .timeLimit(.minutes(5)))
    func configureAndSelect() async throws {
        try await withSandbox("widget-configure") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox, peers: 40, messages: 400)
            #expect(fixture.chats.contains { $0.kind == "secret" }, "the fixture should have secret chats to leave out")
            let (result, listing) = try await sandbox.widgetConfigure([])
            #expect(result.succeeded && listing["status"] as? String == "ok", "\(result)")
            let peers = try #require(listing["peers"] as? [[String: Any]])
            let ids = peers.compactMap { ($0["peerId"] as? NSNumber)?.int64Value }
            let eligible = fixture.chats.filter { $0.kind != "secret" && $0.title != "Deleted Account" }
            #expect(ids == eligible.prefix(50).map(\.peerId), "the top of the chat list without secret chats: \(result)")
            let pinned = peers.map { $0["pinned"] as? Bool == true }
            #expect(pinned.prefix(while: { $0 }).count == pinned.filter { $0 }.count && pinned.first == true, "pinned first")
            #expect(!peers.contains { $0["kind"] as? String == "secret" })
            let cached = sandbox.mediaCachedPath(fixture.accountId)
            for peer in peers {
                let path = try #require(peer["avatarPath"] as? String, "no avatar: \(peer)")
                #expect(path.hasPrefix(cached) && NotifyChecks.isPNG(path), "\(path)")
                #expect(peer["identifier"] as? String == "\(fixture.accountId):\(peer["peerId"] ?? "")")
            }
            #expect(listing["selection"] is NSNull)
            // Drawn once: a second listing reuses the files.
            let first = peers.compactMap { $0["avatarPath"] as? String }.first ?? ""
            let drawn = NotifyChecks.identity(first)
            _ = try await sandbox.widgetConfigure([])
            #expect(NotifyChecks.identity(first)?.inode == drawn?.inode)

            let name = try #require(eligible.dropFirst(3).first?.title)
            let (searched, found) = try await sandbox.widgetConfigure(["--query", name])
            let titles = (found["peers"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            #expect(searched.succeeded && titles.contains(name) && titles.count <= 30, "\(searched)")

            // Choose three chats from the end of the list: one by name, two by id.
            let chosen = Array(eligible.suffix(3))
            let (selected, answer) = try await sandbox.widgetConfigure(["--select", chosen[0].title, "\(chosen[1].peerId)", "\(chosen[2].peerId)"])
            #expect(selected.succeeded && answer["status"] as? String == "selected", "\(selected)")
            #expect(ContainerFiles.mode(sandbox.layout.widgetConfigurationPath) == 0o600)
            #expect(try await sandbox.widgetTimeline().peerIds != chosen.map(\.peerId), "main has not published yet")
            try await sandbox.runOK(Executables.main, ["push", "--peer", "\(fixture.chats[0].peerId)", "--kind", "read"])
            #expect(try await sandbox.widgetTimeline().peerIds == chosen.map(\.peerId), "exactly the chosen chats, in order")
            #expect(try await sandbox.widgetTimeline("medium").peerIds == chosen.prefix(2).map(\.peerId))
            let (_, marked) = try await sandbox.widgetConfigure([])
            #expect((marked["selection"] as? [NSNumber])?.map(\.int64Value) == chosen.map(\.peerId))

            // Refusals change nothing.
            let secret = try fixture.chat("secret")
            let (refused, refusal) = try await sandbox.widgetConfigure(["--select", "\(secret.peerId)"])
            #expect(refused.exitCode == 1 && refusal["status"] as? String == "notFound", "\(refused)")
            let (tooMany, _) = try await sandbox.widgetConfigure(["--select"] + eligible.prefix(9).map { "\($0.peerId)" })
            #expect(tooMany.exitCode == 1 && tooMany.stderr.contains("at most 8"), "\(tooMany)")
            let word = try ShareSupport.ambiguousWord(fixture.chats)
            let (ambiguous, _) = try await sandbox.widgetConfigure(["--select", word])
            #expect(ambiguous.exitCode == 3, "\(ambiguous)")
            #expect(try await sandbox.widgetTimeline().peerIds == chosen.map(\.peerId))

            let (cleared, _) = try await sandbox.widgetConfigure(["--clear"])
            #expect(cleared.succeeded && !ContainerFiles.exists(sandbox.layout.widgetConfigurationPath), "\(cleared)")
            try await sandbox.runOK(Executables.main, ["push", "--peer", "\(fixture.chats[0].peerId)", "--kind", "read"])
            #expect(try await sandbox.widgetTimeline().peerIds == eligible.prefix(8).map(\.peerId), "back to the chat list")

            // Locked: Telegram's words and nothing else.
            try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: "1234\n")
            try await sandbox.runOK(Executables.main, ["lock"])
            for args in [[], ["--query", name], ["--select", "\(chosen[0].peerId)"], ["--clear"]] {
                let (locked, json) = try await sandbox.widgetConfigure(args)
                #expect(locked.exitCode == 1 && json["status"] as? String == "locked" && json["error"] as? String == Widget.lockedConfigure, "\(locked)")
                #expect(locked.stderr.contains(Widget.lockedConfigure))
                NotifyChecks.expectAbsent(eligible.map(\.title) + [String(fixture.accountId)], in: locked, "locked configure")
            }
        }
    }

    @Test("render: a PNG of the right size for every family and appearance, and the locked placeholder", .timeLimit(.minutes(5)))
    func render() async throws {
        try await withSandbox("widget-render") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let photo = sandbox.io + "/photo.png"
            try Data(NotifyPNG.make()).write(toPath: photo)
            try await sandbox.runOK(Executables.main, ["peer-photo", "--peer", "\(fixture.chats[0].peerId)", "--file", photo])
            for family in ["small", "medium", "large"] {
                for appearance in ["light", "dark"] {
                    let out = sandbox.io + "/\(family)-\(appearance).png"
                    let report = try await sandbox.widgetRender(family, appearance, out: out)
                    let size = try #require(WidgetPNG.size(out), "\(out) is not a PNG")
                    #expect(size == WidgetPNG.sizes[family]!, "\(family) \(appearance): \(size)")
                    #expect(report["state"] as? String == "chats" && report["chats"] as? Int == ["small": 1, "medium": 2, "large": 8][family])
                    #expect(report["width"] as? Int == size.width && report["bytes"] as? Int == ContainerFiles.size(out))
                }
            }
            #expect(ContainerFiles.bytes(sandbox.io + "/large-light.png") != ContainerFiles.bytes(sandbox.io + "/large-dark.png"))

            try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: "1234\n")
            try await sandbox.runOK(Executables.main, ["lock"])
            for family in ["small", "medium", "large"] {
                let report = try await sandbox.widgetRender(family, out: sandbox.io + "/locked-\(family).png")
                #expect(report["state"] as? String == "locked" && report["chats"] as? Int == 0)
                #expect(WidgetPNG.size(sandbox.io + "/locked-\(family).png").map { $0 == WidgetPNG.sizes[family]! } == true)
            }
            // Nothing of the chats is in the locked picture: new messages leave it byte for byte the same.
            _ = try await sandbox.sendPush(peer: try fixture.chat("user").peerId, text: "while locked")
            _ = try await sandbox.widgetRender("medium", out: sandbox.io + "/locked-again.png")
            #expect(ContainerFiles.bytes(sandbox.io + "/locked-again.png") == ContainerFiles.bytes(sandbox.io + "/locked-medium.png"))
            // A relative --out lands in the working directory.
            let relative = try await sandbox.runOK(Widget.executable, ["render", "--out", "relative.png"])
            #expect(NotifyChecks.isPNG(sandbox.io + "/relative.png"), "\(relative)")
        }
    }

    @Test("timeline, configure and render never change a byte of any database", .timeLimit(.minutes(5)))
    func databasesUntouched() async throws {
        try await withSandbox("widget-readonly") { sandbox in
            let fixture = try await NotifyFixture.make(sandbox)
            let before = ContainerFiles.storeSnapshot(sandbox.layout)
            let chat = try fixture.chat("group")
            for family in ["small", "medium", "large"] {
                try await sandbox.runOK(Widget.executable, ["timeline", "--family", family, "--json"])
                try await sandbox.runOK(Widget.executable, ["render", "--family", family, "--out", sandbox.io + "/\(family).png"])
            }
            try await sandbox.runOK(Widget.executable, ["configure", "--json"])
            try await sandbox.runOK(Widget.executable, ["configure", "--query", chat.title])
            try await sandbox.runOK(Widget.executable, ["configure", "--select", "\(chat.peerId)"])
            try await sandbox.runOK(Widget.executable, ["configure", "--clear"])
            try await sandbox.runOK(Widget.executable, [])
            let after = ContainerFiles.storeSnapshot(sandbox.layout)
            #expect(ContainerFiles.differences(before, after).isEmpty, "\(ContainerFiles.differences(before, after))")
        }
    }
}
