import Foundation
import Testing
import TestSupport

/// A call the app hosted goes into the account's call list when it ends, as Telegram logs every
/// call: the Calls tab and Siri's call history (`intents search-call-history`) show it.
@Suite("an ended call in the call list")
struct EndedCallListTests {
    @Test("main call start --duration 1: once ended, one new outgoing call to the peer, as long as it ran", .timeLimit(.minutes(5)))
    func endedCallIsListed() async throws {
        try await withSandbox("call-list") { sandbox in
            try await BroadcastFixture.prepare(sandbox)
            let before = try await sandbox.intent(["search-call-history", "--limit", "1000"]).calls
            let call = try await sandbox.run(Executables.main, ["call", "start", "--peer", "\(BroadcastFixture.peer)", "--duration", "1"])
            #expect(call.succeeded, "\(call)")
            let after = try await sandbox.intent(["search-call-history", "--limit", "1000"]).calls
            let known = Set(before.compactMap { $0["identifier"] as? String })
            let added = after.filter { !known.contains($0["identifier"] as? String ?? "") }
            #expect(added.count == 1, "\(added)")
            let entry = try #require(added.first)
            #expect(Intents.int(entry, "peerId") == BroadcastFixture.peer && entry["callRecordType"] as? String == "outgoing", "\(entry)")
            #expect((Intents.int(entry, "callDuration") ?? 0) >= 1, "\(entry)")
        }
    }
}
