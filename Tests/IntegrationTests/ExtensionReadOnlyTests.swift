import Foundation
import Testing
import Container
import TestSupport

/// docs/architecture.md §1: only main writes; an extension opens Postbox read-only and changes nothing.
@Suite("Extensions never write the stores")
struct ExtensionReadOnlyTests {
    @Test("Each extension's bootstrap leaves every Postbox and AccountManager file byte-identical",
          .timeLimit(.minutes(5)))
    func bootstrapLeavesStoresByteIdentical() async throws {
        try await withSandbox("readonly") { sandbox in
            let accountId = try await sandbox.login()
            let seeded = try await sandbox.seed(peers: 50, messages: 500)
            #expect(seeded["messages"] as? Int == 500, "seed --json: \(seeded)")

            let layout = sandbox.layout
            let before = ContainerFiles.storeSnapshot(layout)
            #expect(before.keys.contains { $0.hasPrefix("account-") && $0.hasSuffix("db/db_sqlite") },
                    "no Postbox database found after login + seed; files: \(before.keys.sorted())")
            #expect(before.keys.contains("accounts-metadata/atomic-state"), "files: \(before.keys.sorted())")

            for ext in Executables.extensionNames {
                let result = try await sandbox.run(ext, ["bootstrap", "--json"])
                #expect(result.exitCode == 0, "\(result)")
                if result.exitCode == 0 {
                    let json = try result.json()
                    #expect(json["currentAccountId"] as? String == String(accountId), "\(ext): \(result)")
                    #expect(json["postboxReadOnly"] as? Bool == true, "\(ext): \(result)")
                    #expect(json["messageCount"] as? Int == 500, "\(ext): \(result)")
                    #expect((json["peerCount"] as? Int ?? 0) >= 50, "\(ext): \(result)")
                    #expect(json["locked"] as? Bool == false, "\(ext): \(result)")
                }
                let after = ContainerFiles.storeSnapshot(layout)
                let changed = ContainerFiles.differences(before, after)
                #expect(changed.isEmpty, "\(ext) bootstrap changed store files: \(changed)")
            }

            // Positive control: a write by main does show up in the snapshot.
            try await sandbox.seed(peers: 1, messages: 1, seed: 99)
            #expect(!ContainerFiles.differences(before, ContainerFiles.storeSnapshot(layout)).isEmpty,
                    "the snapshot did not notice a main seed; the comparison above proves nothing")
        }
    }
}
