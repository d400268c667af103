import Foundation
import Testing
import Container
import Cryptography
import Storage
import TestSupport

/// docs/architecture.md §4.1: no plaintext message text, name or phone number in any file of the container,
/// and no word of a message's text (or its beginning) in the search index or anywhere else.
@Suite("No user content in plain anywhere in the container")
struct PlaintextLeakTests {
    /// Needles shorter than this could occur by chance in megabytes of ciphertext.
    static let minimumNeedleBytes = 5

    @Test("After login, seed, status, every extension and a short main run, no file holds a name, phone or text",
          .timeLimit(.minutes(5)))
    func noPlaintextAfterSeed() async throws {
        try await withSandbox("leak") { sandbox in
            let phone = "+15557306419"
            let name = "Zebulon Quackenbush"
            try await sandbox.login(phone: phone, name: name)
            let seeded = try await sandbox.seed(peers: 60, messages: 600, seed: 7)
            let names = seeded["sampleNames"] as? [String] ?? []
            let texts = seeded["sampleTexts"] as? [String] ?? []
            let rareWord = seeded["rareWord"] as? String ?? ""
            #expect(!names.isEmpty, "seed --json printed no sampleNames: \(seeded)")
            #expect(!texts.isEmpty, "seed --json printed no sampleTexts: \(seeded)")
            #expect(!rareWord.isEmpty, "seed --json printed no rareWord: \(seeded)")
            // The search index holds words' beginnings: every long word of the texts, as the index
            // normalises it, and its 6-letter beginning (its long cut) must appear nowhere either.
            // (Shorter words and 3-letter cuts would turn up by chance in megabytes of ciphertext.)
            let words = Set((texts + [rareWord]).flatMap { $0.lowercased().split { !$0.isLetter } }.map(String.init).filter { $0.count >= 7 })
            let wordNeedles = Array(words) + words.map { String($0.prefix(6)) }
            #expect(words.count >= 3 && words.contains(rareWord), "too few long words in \(texts)")

            // Exercise every writer of logs, caches, widget data and WAL before scanning.
            try await sandbox.runOK(Executables.main, ["status", "--json"])
            _ = try await sandbox.bootstrapAll()
            let run = try await sandbox.run(Executables.main, ["run", "--duration", "1"], timeout: 60)
            #expect(run.exitCode == 0, "\(run)")

            // Leave a WAL full of fresh frames: a bigger seed of the same fixture, killed mid-way
            // (nothing checkpoints or truncates the WAL after a kill -9). main's page cache holds a
            // whole batch, so the WAL grows at the first commit: the kill waits for it.
            let accountDir = try #require(ContainerFiles.accountDirectories(sandbox.layout).first)
            let walPath = sandbox.rootPath + "/" + accountDir + "/postbox/db/db_sqlite-wal"
            let walBefore = ContainerFiles.size(walPath) ?? 0
            // Far more than it gets to write: a seed that finished would truncate the WAL (once,
            // under a parallel test run, 100,000 did before this loop looked).
            let seeding = try sandbox.start(Executables.main, ["seed", "--peers", "60", "--messages", "1000000", "--seed", "7"])
            // By the clock, not a count of sleeps: on a loaded machine (a parallel test run) the
            // seed's first batch took longer than 3,000 sleeps of 10 ms once.
            let deadline = ContinuousClock.now + .seconds(120)
            while (ContainerFiles.size(walPath) ?? 0) <= walBefore && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            seeding.kill9()
            _ = try await seeding.wait(timeout: 30)
            let walBytes = ContainerFiles.size(walPath) ?? 0
            #expect(walBytes > 0, "the Postbox WAL is empty, so the scan below does not cover WAL content")

            // The scan below covers the search index: main kept it as it seeded (rows in the
            // database, and in the WAL from the killed seed).
            let account = try #require(UInt64(accountDir.dropFirst("account-".count)).map { Int64(bitPattern: $0) })
            let key = try #require(try DeviceKey.load(path: sandbox.layout.deviceKeyPath))
            let postbox = try Postbox(layout: sandbox.layout, accountId: account, deviceKey: key, readOnly: true, useCaches: false)
            let indexRows = try postbox.read { _ in try postbox.valueBox.count(PostboxTable.searchIndex) }
            #expect(indexRows > 0, "no search index rows: the scan would not cover the index")

            var needles = [name, "Zebulon", "Quackenbush", phone, String(phone.dropFirst())] + names + texts + wordNeedles
            needles = Array(Set(needles)).sorted()
            let tooShort = needles.filter { $0.utf8.count < Self.minimumNeedleBytes }
            needles = needles.filter { $0.utf8.count >= Self.minimumNeedleBytes }
            #expect(needles.count >= 3, "too few usable needles; short ones skipped: \(tooShort)")

            let files = ContainerFiles.regularFiles(under: sandbox.container)
            #expect(files.contains { $0.contains("/logs/") || $0.hasPrefix("telegram-data/logs") },
                    "no log files found to scan: \(files)")
            #expect(files.contains { $0.hasSuffix("db_sqlite-wal") }, "no WAL found to scan: \(files)")

            var leaks: [String] = []
            var scannedBytes = 0
            for file in files {
                for needle in needles where file.contains(needle) {
                    leaks.append("path \(file) contains \"\(needle)\"")
                }
                guard let data = ContainerFiles.bytes(sandbox.container + "/" + file) else { continue }
                scannedBytes += data.count
                for needle in needles where data.range(of: Data(needle.utf8)) != nil {
                    leaks.append("\(file) contains \"\(needle)\"")
                }
            }
            // Positive control: the same scan finds the needles in main seed's own captured stdout
            // (kept outside the container), so a silent scanner can't pass this test.
            let captured = ContainerFiles.regularFiles(under: sandbox.io).filter { $0.contains("main-seed") && $0.hasSuffix(".out") }
            let capturedHits = captured.compactMap { ContainerFiles.bytes(sandbox.io + "/" + $0) }.map { data in
                (names + texts).filter { data.range(of: Data($0.utf8)) != nil }.count
            }.reduce(0, +)
            #expect(capturedHits >= (names + texts).count, "the scanner did not find the needles in seed's own stdout (\(captured))")

            #expect(leaks.isEmpty, "plaintext user content in \(leaks.count) place(s):\n\(leaks.joined(separator: "\n"))")
            print("leak scan: \(files.count) files, \(scannedBytes) bytes (WAL \(walBytes)), \(needles.count) needles, \(indexRows) search index rows")
        }
    }
}
