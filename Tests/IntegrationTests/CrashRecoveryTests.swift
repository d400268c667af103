import Foundation
import Testing
import Container
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// docs/architecture.md §7: kill -9 of main mid-write leaves a store that opens and checks clean.
@Suite("kill -9 of main during a write")
struct CrashRecoveryTests {
    static let runs = 6

    @Test("kill -9 during main seed at random points leaves a store that opens and passes integrity_check",
          .timeLimit(.minutes(5)))
    func killDuringSeed() async throws {
        try Executables.requireBuilt()
        var generator = SystemRandomNumberGenerator()
        for run in 0..<Self.runs {
            // Spread the kill points over 0.3–1.0 s (one per slot, jittered inside it).
            let slot = 0.7 / Double(Self.runs)
            let killAfter = 0.3 + slot * Double(run) + Double.random(in: 0..<slot, using: &generator)
            let seedValue = Int.random(in: 1...1_000_000, using: &generator)
            try await withSandbox("kill9") { sandbox in
                try await Self.oneRun(sandbox, run: run, killAfter: killAfter, seedValue: seedValue)
            }
        }
    }

    private static func oneRun(_ sandbox: Sandbox, run: Int, killAfter: Double, seedValue: Int) async throws {
        let label = "run \(run) (kill after \(String(format: "%.3f", killAfter)) s, --seed \(seedValue))"
        let accountId = try await sandbox.login()
        let layout = sandbox.layout

        let seeding = try sandbox.start(Executables.main, ["seed", "--peers", "500", "--messages", "100000",
                                                           "--seed", "\(seedValue)"])
        // Timed on a thread of its own: on a test pool busy elsewhere a Task.sleep of 0.4 s took
        // seconds, past the whole seed.
        let wasRunning = await startOnThread {
            usleep(UInt32(killAfter * 1_000_000))
            let running = seeding.isRunning
            seeding.kill9()
            return running
        }()
        let killed = try await seeding.wait(timeout: 30)
        #expect(wasRunning, "\(label): seed had already finished before the kill, nothing was interrupted: \(killed)")
        #expect(killed.signal == SIGKILL || !wasRunning, "\(label): \(killed)")
        print("kill -9 \(label): seed was \(wasRunning ? "running" : "finished")")

        // main opens the store again (crash recovery is main's job) and reports it.
        let status = try await sandbox.run(Executables.main, ["status", "--json"])
        #expect(status.exitCode == 0, "\(label): main status after kill -9: \(status)")
        if status.exitCode == 0 {
            let json = try status.json()
            #expect(json["state"] as? String == "authorized", "\(label): \(status)")
            let store = json["store"] as? [String: Any]
            let messages = store?["messageCount"] as? Int
            #expect(messages != nil && messages! <= 100_000, "\(label): store counts \(store ?? [:])")
        }

        // The database itself checks clean, opened from here read-only with the device key.
        let check = try integrityCheck(databasePath: layout.postboxDatabasePath(accountId),
                                       purpose: postboxPurpose(accountId), layout: layout)
        #expect(check == "ok", "\(label): Postbox integrity_check: \(check)")
        if ContainerFiles.exists(layout.sharedDataDatabasePath) {
            let shared = try integrityCheck(databasePath: layout.sharedDataDatabasePath, purpose: "account-manager", layout: layout)
            #expect(shared == "ok", "\(label): accounts-metadata integrity_check: \(shared)")
        }

        // An extension opens it read-only, too.
        let boot = try await sandbox.run("share", ["bootstrap", "--json"])
        #expect(boot.exitCode == 0, "\(label): share bootstrap after kill -9: \(boot)")
    }
}
