import Foundation
import Testing
import Container
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// docs/architecture.md §1 (single writer) and the CLI contract for `main run`.
@Suite("One running main at a time")
struct MainRunTests {
    @Test("A second main run is refused with exit 75; SIGTERM stops the first with exit 0",
          .timeLimit(.minutes(5)))
    func secondRunRefusedAndSigtermIsClean() async throws {
        try await withSandbox("run") { sandbox in
            try await sandbox.login()

            let (first, announcedPid) = try await sandbox.startMainRun()
            #expect(announcedPid == first.pid, "ready line announced pid \(announcedPid), process is \(first.pid)")

            let second = try await sandbox.run(Executables.main, ["run"], timeout: 30)
            #expect(second.exitCode == 75, "second main run while one runs: \(second)")
            #expect(first.isRunning, "the first main run stopped when the second was refused: \(first.stdout) \(first.stderr)")

            let status = try await sandbox.run(Executables.main, ["status", "--json"])
            #expect(status.exitCode == 0, "main status while main run runs: \(status)")
            if status.exitCode == 0 {
                let running = try status.json()["runningApp"] as? [String: Any]
                #expect(running?["pid"] as? Int == Int(first.pid), "status.runningApp: \(status)")
            }

            first.send(SIGTERM)
            let stopped = try await first.wait(timeout: 15, context: "first main run, SIGTERM sent after the refused second run and a status")
            #expect(stopped.exitCode == 0 && stopped.signal == nil, "main run after SIGTERM: \(stopped)")

            // The writer lock went with it: a new main run starts, and SIGINT stops it cleanly too.
            let (again, _) = try await sandbox.startMainRun()
            again.send(SIGINT)
            let stoppedAgain = try await again.wait(timeout: 15, context: "second main run, SIGINT sent right after its ready line")
            #expect(stoppedAgain.exitCode == 0 && stoppedAgain.signal == nil, "main run after SIGINT: \(stoppedAgain)")
        }
    }
}
