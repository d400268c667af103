import Foundation
import RequestChannel
import Testing
import TestSupport

/// `main requests` and `main check`: what tools (Scripts/chaos) read instead of the store's tables.
@Suite("main requests and main check report the channel and the stores")
struct ChannelInspectionTests {
    @Test("applied ids, refusals with their reasons, and the integrity check", .timeLimit(.minutes(5)))
    func reportsTheChannel() async throws {
        try await withSandbox("req-inspect") { sandbox in
            let account = try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            let submitter = try RequestChannelTests.submitter(sandbox)
            let sent = try RequestChannelTests.send(submitter, account: account, peer: 1_000_000, text: "listed")
            let refused = try RequestChannelTests.send(submitter, account: 12345, peer: 1_000_000, text: "nobody's")
            // A writer launch drains the queue.
            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])

            let listing = try await sandbox.runOK(Executables.main, ["requests", "--json"]).json()
            #expect(listing["accountId"] as? String == String(account))
            let applied = try #require(listing["applied"] as? [String])
            #expect(applied.contains(sent.id) && !applied.contains(refused.id))
            #expect((listing["pending"] as? [String])?.isEmpty == true)
            let rejected = try #require(listing["rejected"] as? [[String: Any]])
            let entry = try #require(rejected.first { $0["id"] as? String == refused.id })
            #expect((entry["reason"] as? String)?.contains("no logged-in account") == true)

            let check = try await sandbox.runOK(Executables.main, ["check", "--json"]).json()
            #expect(check["postbox"] as? String == "ok" && check["sharedData"] as? String == "ok")
        }
    }
}
