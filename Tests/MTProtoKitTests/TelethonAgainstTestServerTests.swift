import Foundation
import TestSupport
import Testing

/// Telethon, a client proven against Telegram, against the test server: if Telethon creates an
/// auth key and calls help.getConfig on every transport, the server speaks MTProto as Telegram
/// does, and the Swift client's tests against it mean something.
@Suite("Telethon against the test server", .serialized)
struct TelethonAgainstTestServerTests {
    static let transports = ["abridged", "intermediate", "padded", "obfuscated"]

    @Test func telethonCreatesAKeyAndGetsTheConfigOverEveryTransport() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        var keyIds = Set<String>()
        for transport in Self.transports {
            let result = try await Self.runCheck(server, transport: transport)
            #expect(result.succeeded, "Telethon over \(transport): \(result)\nserver log:\n\(server.stderrText)")
            guard result.succeeded else { continue }
            let json = try result.json()
            #expect(json["ok"] as? Bool == true)
            let keyId = json["auth_key_id"] as? String ?? ""
            #expect(keyId.count == 16 && keyId.allSatisfy(\.isHexDigit), "auth_key_id \(keyId)")
            keyIds.insert(keyId)
            #expect(json["dc_options_count"] as? Int == 5, "\(json)")
            #expect(json["this_dc"] as? Int == 2, "\(json)")
            let rtt = json["rtt_ms"] as? Double ?? -1
            #expect(rtt >= 0 && rtt < 5_000, "rtt_ms \(rtt)")
        }
        // Every connection made its own key.
        #expect(keyIds.count == Self.transports.count)
        #expect(server.isRunning, "the server survived all four clients")
    }

    /// Two misbehaviours Telethon checks for: the server really sends them, and a correct
    /// client refuses them with the reason.
    @Test(arguments: [("bad-nonce", "invalid nonce"), ("bad-new-nonce-hash", "invalid new nonce hash")])
    func telethonRefusesAMisbehavingServer(mode: String, reason: String) async throws {
        let server = try TestServer.start(misbehave: [mode])
        defer { server.stop() }
        let result = try await Self.runCheck(server, transport: "abridged")
        #expect(!result.succeeded, "\(mode) was accepted: \(result)")
        #expect(result.stderr.contains(reason), "\(mode): \(result)")
        #expect(server.isRunning)
    }

    /// Two Telethon clients message each other through the server (telethon_chat_check.py, which
    /// starts its own server): live delivery, getDifference after being offline (in slices), one
    /// message for a random_id sent twice, edits, deletions, reads, reactions, pins, paging, and a
    /// restart keeping all of it. The messaging our client syncs against is Telegram's, as
    /// Telethon sees it.
    @Test(.timeLimit(.minutes(5)))
    func telethonClientsMessageEachOtherThroughTheServer() async throws {
        try await Self.runWholeCheck("telethon_chat_check.py")
    }

    /// Three Telethon clients in a basic group through the server (telethon_group_check.py):
    /// createChat, live delivery (updateShortChatMessage), device pushes, replies, catching up,
    /// edits, reactions, pins, deletion for everyone, outbox reads, typing, a file, a forward,
    /// muting, the errors, a fresh device's getDifference and getDialogs, and a restart.
    @Test(.timeLimit(.minutes(5)))
    func telethonClientsShareABasicGroupThroughTheServer() async throws {
        try await Self.runWholeCheck("telethon_group_check.py")
    }

    /// Three Telethon clients in a broadcast channel and a supergroup (telethon_channel_check.py):
    /// one box and one pts a channel, posting rights, live delivery, getChannelDifference (slices
    /// and too long), edits, reactions, pins, deletions, read states, device pushes, getDialogs
    /// with each channel's pts, and a restart.
    @Test(.timeLimit(.minutes(5)))
    func telethonClientsShareChannelsThroughTheServer() async throws {
        try await Self.runWholeCheck("telethon_channel_check.py")
    }

    /// A check script that starts its own server and says "all checks passed" at the end.
    static func runWholeCheck(_ script: String) async throws {
        let python = try TestServer.requirePython()
        let result = try await withTemporaryDirectory("telethon-check") { dir in
            var environment = ProcessInfo.processInfo.environment
            environment["PYTHONDONTWRITEBYTECODE"] = "1"
            let process = try RunningProcess(python, [TestServer.directory + "/" + script, "--transport", "obfuscated"],
                                             environment: environment, stdoutPath: dir.sub("stdout"), stderrPath: dir.sub("stderr"))
            defer { process.kill9() }
            return try await process.wait(timeout: 240, context: script)
        }
        #expect(result.succeeded && result.stdout.contains("all checks passed"), "\(result)")
    }

    static func runCheck(_ server: TestServer, transport: String) async throws -> ProcessResult {
        try await server.runTelethon("telethon_check.py", ["--transport", transport, "--json", "--timeout", "30"])
    }
}
