import Foundation
import Testing
import Container
import TestSupport

/// Account ids are random Int64s, negative about half the time; the CLI must take them as values
/// (with or without a "--" terminator), and switching, logging out and listing must agree.
@Suite("main accounts, switch and logout")
struct AccountCommandsTests {
    @Test("negative and positive ids work with and without --; logout moves current to another account",
          .timeLimit(.minutes(2)))
    func negativeIdsAndLogout() async throws {
        try await withSandbox("accounts") { sandbox in
            var ids: [Int64] = []
            // Random ids: log in until both signs exist (the chance of needing more than 12 is 1 in 2048).
            while ids.count < 12 && !(ids.contains { $0 < 0 } && ids.contains { $0 > 0 }) {
                ids.append(try await sandbox.login(phone: "+1555010\(1000 + ids.count)", name: "User \(ids.count)"))
            }
            let negative = try #require(ids.first { $0 < 0 })
            let positive = try #require(ids.first { $0 > 0 })

            // After "--" everything is a value, so the container goes before it here.
            func switchAfterTerminator(_ id: Int64) async throws {
                let result = try await sandbox.run(Executables.main, ["accounts", "switch", "--container", sandbox.container, "--", String(id)],
                                                   containerFlag: false)
                #expect(result.succeeded, "\(result)")
            }
            func current() async throws -> String? {
                try await sandbox.runOK(Executables.main, ["accounts", "--json"]).json()["currentAccountId"] as? String
            }
            _ = try await sandbox.runOK(Executables.main, ["accounts", "switch", String(negative)])
            #expect(try await current() == String(negative))
            try await switchAfterTerminator(positive)
            #expect(try await current() == String(positive))
            try await switchAfterTerminator(negative)
            #expect(try await current() == String(negative))

            let bad = try await sandbox.run(Executables.main, ["accounts", "switch", "12", "13"])
            #expect(bad.exitCode == 64, "two ids must be a usage error: \(bad)")
            let unknown = try await sandbox.run(Executables.main, ["accounts", "switch", "42"])
            #expect(unknown.exitCode == 1 && unknown.stderr.contains("no logged-in account"), "\(unknown)")

            _ = try await sandbox.runOK(Executables.main, ["logout", "--account", String(negative)])
            let listing = try await sandbox.runOK(Executables.main, ["accounts", "--json"]).json()
            let entries = try #require(listing["accounts"] as? [[String: Any]])
            let loggedOut = entries.first { $0["id"] as? String == String(negative) }
            #expect(loggedOut?["loggedOut"] as? Bool == true)
            let now = try #require(listing["currentAccountId"] as? String)
            #expect(now != String(negative) && ids.map(String.init).contains(now))
        }
    }
}
