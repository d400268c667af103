import Foundation
import Testing
import Container
import TestSupport

/// The single-writer design under load: while `main seed` writes in chunks, extension processes
/// bootstrap again and again. None may fail (no SQLITE_BUSY surfaces, no half-written state), each
/// sees a committed snapshot (message counts only grow, and always in whole chunks), and the WAL
/// stays bounded although readers are always present.
@Suite("Extensions read while main writes")
struct ConcurrentReadersTests {
    @Test("five extensions bootstrap continuously during a seed: all succeed, counts only grow, WAL bounded",
          .timeLimit(.minutes(5)))
    func readersDuringIngest() async throws {
        try await withSandbox("readers") { sandbox in
            let accountId = try await sandbox.login()
            let seed = try sandbox.start(Executables.main, ["seed", "--peers", "400", "--messages", "120000", "--json"])
            var observations: [Int64] = []
            var failures: [String] = []
            var rounds = 0
            while seed.isRunning || rounds == 0 {
                let results = try await sandbox.runConcurrently(Executables.extensionNames.map { ($0, ["bootstrap", "--json"]) })
                for result in results {
                    if !result.succeeded { failures.append("\(result)"); continue }
                    if let count = (try? result.json())?["messageCount"] as? Int64 ?? ((try? result.json())?["messageCount"] as? Int).map(Int64.init) {
                        observations.append(count)
                    }
                }
                rounds += 1
            }
            let seedResult = try await seed.wait(timeout: 120)
            #expect(seedResult.succeeded, "seed failed: \(seedResult)")
            #expect(failures.isEmpty, "extension bootstraps failed while main wrote: \(failures.prefix(3))")
            // Readers overlapped the writing: one at least saw the store before the last chunk. (A
            // count of rounds does not say it: on a busy test run one round of five bootstraps
            // outlasted the whole seed, its readers having read mid-seed all the same.)
            #expect(observations.contains { $0 < 120_000 }, "the seed finished before readers overlapped it: \(observations)")

            // Per round, five readers ran at once; across rounds, what they saw may only grow.
            var previousRoundMax: Int64 = 0
            for round in stride(from: 0, to: observations.count, by: 5) {
                let seen = observations[round..<min(round + 5, observations.count)]
                #expect(seen.min()! >= previousRoundMax, "a later reader saw fewer messages than an earlier one: \(observations)")
                previousRoundMax = max(previousRoundMax, seen.max()!)
            }
            // Messages are committed in 50,000-message chunks (FixtureGenerator.defaultChunkSize):
            // a reader sees whole chunks or none.
            for count in observations {
                #expect(count % 50_000 == 0 || count == 120_000, "a reader saw a partial chunk: \(count)")
            }

            let wal = sandbox.layout.postboxDatabasePath(accountId) + "-wal"
            let walSize = ContainerFiles.size(wal) ?? 0
            #expect(walSize <= 64 << 20, "WAL grew to \(walSize) bytes with readers present")
            let final = try await sandbox.bootstrap("widget")
            #expect((final["messageCount"] as? Int) == 120_000)
        }
    }
}
