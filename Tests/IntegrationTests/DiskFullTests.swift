import Foundation
import Testing
import Container
import TestSupport

/// main's launch writes a 1 MiB probe before touching the stores; a full disk (simulated with a
/// file-size limit) stops the launch with a clear message and leaves no partial store behind.
@Suite("Full disk")
struct DiskFullTests {
    @Test("main login under a 256-block file-size limit fails with \"not enough free space\" and creates no store",
          .timeLimit(.minutes(5)))
    func fullDiskStopsLaunch() async throws {
        try await withSandbox("diskfull") { sandbox in
            let layout = sandbox.layout
            let loginArgs = sandbox.arguments(["login", "--phone", "+15550100002", "--name", "Grace Hopper"], container: true)
            let limited = try sandbox.spawnRaw("/bin/sh", ["-c", "ulimit -f 256; exec \"$0\" \"$@\"",
                                                           Executables.path(Executables.main)] + loginArgs,
                                               label: "main-login-ulimit")
            let result = try await limited.wait(timeout: 60)
            #expect(result.signal == nil, "main was killed by a signal (SIGXFSZ is 25) instead of reporting the full disk: \(result)")
            #expect(result.exitCode != nil && result.exitCode != 0, "login under the limit should fail: \(result)")
            #expect(result.stderr.contains("not enough free space"), "stderr lacks \"not enough free space\": \(result)")
            #expect(!ContainerFiles.exists(layout.atomicStatePath), "accounts-metadata/atomic-state was created")
            let accounts = ContainerFiles.accountDirectories(layout)
            #expect(accounts.isEmpty, "account directories were created: \(accounts)")
            let big = ContainerFiles.regularFiles(under: sandbox.container).filter {
                (ContainerFiles.size(sandbox.container + "/" + $0) ?? 0) >= 64 * 1024
            }
            #expect(big.isEmpty, "partial write-test files left behind: \(big)")

            // Control: without the limit the same login works in the same container.
            let ok = try await sandbox.run(Executables.main, ["login", "--phone", "+15550100002", "--name", "Grace Hopper", "--json"])
            #expect(ok.exitCode == 0, "login without the limit, after the failed one: \(ok)")
        }
    }
}
