import Foundation
import Testing
import Container
import TestSupport

/// Account ids are random Int64s, negative about half the time; the CLI must take them as values
/// (with or without a "--" terminator), and switching, logging out and listing must agree.
@Suite("main accounts, switch and logout")
struct AccountCommandsTests {
    @Test("negative and positive ids work with and without --; logout moves current to another account",
          .timeLimit(.minutes(5)))
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

    @Test("an account is one phone: login with a phone already logged in switches to it; accounts shows id, phone, name, current",
          .timeLimit(.minutes(5)))
    func onePhoneOneAccount() async throws {
        try await withSandbox("accounts-phone") { sandbox in
            let ada = try await sandbox.login(phone: "+15550001", name: "Ada L")
            let grace = try await sandbox.login(phone: "+15550002", name: "Grace H")
            // The same phone written another way: the same account, made current, nothing created.
            let again = try await sandbox.runOK(Executables.main, ["login", "--phone", "+1 555-0001", "--name", "Someone Else"])
            #expect(again.stdout.contains("already logged in") && again.stdout.contains(String(ada)), "\(again)")
            let json = try await sandbox.runOK(Executables.main, ["login", "--phone", "+15550001", "--name", "Ada L", "--json"]).json()
            #expect(json["accountId"] as? String == String(ada) && json["existing"] as? Bool == true, "\(json)")

            let listing = try await sandbox.runOK(Executables.main, ["accounts", "--json"]).json()
            let entries = try #require(listing["accounts"] as? [[String: Any]])
            #expect(entries.count == 2, "no second account for one phone: \(entries)")
            #expect(listing["currentAccountId"] as? String == String(ada))
            let first = entries.first { $0["id"] as? String == String(ada) }
            #expect(first?["phone"] as? String == "+15550001" && first?["name"] as? String == "Ada L" && first?["current"] as? Bool == true)

            let text = try await sandbox.runOK(Executables.main, ["accounts"]).stdout
            let adaLine = try #require(text.split(separator: "\n").first { $0.contains(String(ada)) }, "\(text)")
            #expect(adaLine.contains("+15550001") && adaLine.contains("Ada L") && adaLine.contains("current"), "\(text)")
            let graceLine = try #require(text.split(separator: "\n").first { $0.contains(String(grace)) }, "\(text)")
            #expect(graceLine.contains("+15550002") && graceLine.contains("Grace H") && !graceLine.contains("current"), "\(text)")
        }
    }
}
