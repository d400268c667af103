import Foundation
import Testing
import Container
import TestSupport

/// The proof for the request channel with the real extensions: a share and an intent
/// each applied exactly once across kill -9 of main at random points, and 20 extensions writing
/// requests at once while main applies them.
@Suite("share and intents requests across kill -9 and concurrency")
struct ExtensionRequestsKillTests {
    static func messageCount(_ sandbox: Sandbox) async throws -> Int {
        let status = try await sandbox.runOK(Executables.main, ["status", "--json"]).json()
        return try #require((status["store"] as? [String: Any])?["messageCount"] as? Int)
    }

    @Test("50 rounds: share + intent queued, main killed at a random point; each applied once", .timeLimit(.minutes(6)))
    func exactlyOnceAcrossKills() async throws {
        try await withSandbox("ext-kill9") { sandbox in
            let account = try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            let before = try await Self.messageCount(sandbox)
            var kills = 0
            for round in 0..<50 {
                let shared = try await sandbox.run("share", ["--to", "1000000", "--text", "share round \(round)", "--deadline", "0.2", "--json"])
                #expect(shared.exitCode == 0, "share: \(shared)")
                let intent = try await sandbox.run("intents", ["send-message", "--to", "tg1000001", "--text", "intent round \(round)",
                                                              "--deadline", "0.2", "--json"])
                #expect(intent.exitCode == 0, "intents: \(intent)")
                let run = try sandbox.start(Executables.main, ["run"])
                try await Task.sleep(for: .milliseconds(Int.random(in: 2...80)))
                if run.isRunning {
                    run.kill9()
                    kills += 1
                }
                _ = try? await run.wait(timeout: 20)
            }
            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
            #expect(try await Self.messageCount(sandbox) == before + 100, "after \(kills) kills")
            #expect(kills >= 25, "main was killed only \(kills) times in 50 rounds")
            let pending = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.layout.requestsPath + "/pending")) ?? []
            #expect(pending.isEmpty)
            #expect(try integrityCheck(databasePath: sandbox.layout.postboxDatabasePath(account), purpose: postboxPurpose(account),
                                       layout: sandbox.layout) == "ok")
        }
    }

    @Test("20 share processes at once while main run applies: all sent", .timeLimit(.minutes(5)))
    func twentySharesAtOnce() async throws {
        try await withSandbox("ext-concurrent") { sandbox in
            try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            let before = try await Self.messageCount(sandbox)
            let (run, _) = try await sandbox.startMainRun()
            let results = try await sandbox.runConcurrently((0..<20).map { i in
                ("share", ["--to", "\(1_000_000 + i % 4)", "--text", "concurrent \(i)", "--deadline", "30", "--json"])
            })
            for result in results {
                #expect(result.exitCode == 0 && (try? result.json()["status"] as? String) == "sent", "\(result)")
            }
            run.send(SIGTERM)
            _ = try await run.wait(timeout: 20)
            #expect(try await Self.messageCount(sandbox) == before + 20)
        }
    }
}
