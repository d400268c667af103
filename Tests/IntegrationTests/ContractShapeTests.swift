import Foundation
import Testing
import Container
import TestSupport

/// docs/cli-contract.md spells "no account" and "no running app" as JSON null
/// (`"currentAccountId": "<id>"|null`, `"runningApp": {"pid": N}|null`); a script reading those
/// keys must find them, not a missing key.
@Suite("CLI contract: explicit nulls")
struct ContractShapeTests {
    @Test("With no account, main accounts and every extension's bootstrap print currentAccountId: null; status prints runningApp: null",
          .timeLimit(.minutes(5)))
    func explicitNulls() async throws {
        try await withSandbox("nulls") { sandbox in
            let accounts = try await sandbox.runOK(Executables.main, ["accounts", "--json"])
            let accountsJSON = try accounts.json()
            #expect(accountsJSON.keys.contains("currentAccountId") && accountsJSON["currentAccountId"] is NSNull,
                    "main accounts --json on an empty container: \(accounts)")

            for (ext, result, json) in try await sandbox.bootstrapAll() {
                #expect(json.keys.contains("currentAccountId") && json["currentAccountId"] is NSNull,
                        "\(ext) bootstrap --json with no account: \(result)")
            }

            try await sandbox.login()
            let status = try await sandbox.runOK(Executables.main, ["status", "--json"])
            let statusJSON = try status.json()
            #expect(statusJSON.keys.contains("runningApp") && statusJSON["runningApp"] is NSNull,
                    "main status --json with no main run: \(status)")
        }
    }
}
