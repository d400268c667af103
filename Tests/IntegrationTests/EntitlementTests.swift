import Foundation
import Testing
import Container
import TestSupport

/// docs/architecture.md §2: a bundle id that derives a group this build is not entitled to is refused.
@Suite("App group entitlement")
struct EntitlementTests {
    @Test("An executable signed as com.example.Other.* is refused with \"not entitled\" and touches nothing",
          .timeLimit(.minutes(5)))
    func notEntitledIsRefused() async throws {
        try await withSandbox("entitle") { sandbox in
            var cases: [(exe: String, args: [String], foreign: String, own: String)] = [
                (Executables.main, ["accounts", "--json"], "com.example.Other", "ph.telegra.Telegraph"),
            ]
            for (name, identity) in Executables.extensions {
                let suffix = identity.bundleSuffix ?? ""
                cases.append((name, ["bootstrap", "--json"], "com.example.Other.\(suffix)", "ph.telegra.Telegraph.\(suffix)"))
            }
            for c in cases {
                let refused = try await sandbox.run(c.exe, c.args, env: ["TELEGRAM_BUNDLE_ID": c.foreign])
                #expect(refused.exitCode != nil && refused.exitCode != 0, "TELEGRAM_BUNDLE_ID=\(c.foreign): \(refused)")
                #expect(refused.stderr.contains("not entitled"), "TELEGRAM_BUNDLE_ID=\(c.foreign): \(refused)")
                #expect(refused.stderr.contains("error:"), "TELEGRAM_BUNDLE_ID=\(c.foreign): \(refused)")
                let touched = ContainerFiles.allEntries(under: sandbox.container)
                #expect(touched.isEmpty, "refused \(c.exe) wrote into the container: \(touched)")
            }
            // Control: the build's own bundle ids are accepted.
            for c in cases {
                let accepted = try await sandbox.run(c.exe, c.args, env: ["TELEGRAM_BUNDLE_ID": c.own])
                #expect(accepted.exitCode == 0, "TELEGRAM_BUNDLE_ID=\(c.own): \(accepted)")
            }
        }
    }
}
