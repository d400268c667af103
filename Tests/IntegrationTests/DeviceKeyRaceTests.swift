import Foundation
import Testing
import Container
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// docs/architecture.md §3.2: `.tempkey` creation must be race-free, so six processes starting at once on
/// an empty container agree on one key.
@Suite("Six processes on an empty container agree on one device key")
struct DeviceKeyRaceTests {
    static let rounds = 40

    @Test("main + five extensions start at the same instant, 40 rounds", .timeLimit(.minutes(5)))
    func sixProcessesAgreeOnOneKey() async throws {
        try Executables.requireBuilt()
        var spreads: [Double] = []
        var observedRounds = 0
        for round in 1...Self.rounds {
            try await withSandbox("keyrace") { sandbox in
                try await Self.oneRound(sandbox, round: round, spreads: &spreads, observedRounds: &observedRounds)
            }
        }
        print("key race: .tempkey creation watched from the start in \(observedRounds) of \(Self.rounds) rounds")
        let sorted = spreads.sorted()
        if !sorted.isEmpty {
            print("key race: logger start spread across processes, ms: min \(sorted.first!), median \(sorted[sorted.count / 2]), max \(sorted.last!)")
        }
    }

    /// How far apart (ms) the processes' loggers started, from the timestamps in their log file
    /// names; the logger starts right after the device key step, so this bounds how close together
    /// the six reached the key. Diagnostic only.
    static func logStartSpread(_ layout: ContainerLayout) -> Double? {
        let stamps: [Double] = ContainerFiles.regularFiles(under: layout.logsPath).compactMap { file in
            // log-YYYY-MM-DD_HH-MM-SS.mmm.txt
            let name = (file as NSString).lastPathComponent
            guard name.hasPrefix("log-"), let underscore = name.firstIndex(of: "_") else { return nil }
            let time = name[name.index(after: underscore)...].replacingOccurrences(of: ".txt", with: "")
            let parts = time.split(separator: "-")
            guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]), let s = Double(parts[2]) else { return nil }
            return (h * 3600 + m * 60 + s) * 1000
        }
        guard stamps.count >= 2 else { return nil }
        return stamps.max()! - stamps.min()!
    }

    private static func oneRound(_ sandbox: Sandbox, round: Int, spreads: inout [Double], observedRounds: inout Int) async throws {
        let commands: [(String, [String])] = [(Executables.main, ["accounts", "--json"])]
            + Executables.extensionNames.map { ($0, ["bootstrap", "--json"]) }

        // A start gate: every child is spawned (back to back) as `sh` blocked reading one line from
        // a FIFO, then one write releases all six together, so they exec and reach key creation
        // within the same few milliseconds instead of one spawn's latency apart. The test holds
        // the FIFO open read-write, so a child that opens it late still finds its line.
        let fifo = sandbox.io + "/start-gate-\(round)"
        guard mkfifo(fifo, 0o600) == 0 else { throw HarnessError("mkfifo failed: errno \(errno)") }
        let gate = open(fifo, O_RDWR | O_CLOEXEC)
        guard gate >= 0 else { throw HarnessError("open fifo failed: errno \(errno)") }
        defer { close(gate) }

        let watcher = try KeyFileWatcher(containerPath: sandbox.container)
        var watcherStopped = false
        defer { if !watcherStopped { watcher.stop() } }

        let gateScript = "read _ < \"$0\" && exec \"$@\""
        let processes = try commands.map { exe, args in
            try sandbox.spawnRaw("/bin/sh", ["-c", gateScript, fifo, Executables.path(exe)]
                                 + sandbox.arguments(args, container: true), label: exe)
        }
        try await Task.sleep(for: .milliseconds(150))   // let every sh reach its read
        let release = [UInt8](repeating: UInt8(ascii: "\n"), count: processes.count)
        guard write(gate, release, release.count) == release.count else { throw HarnessError("gate write failed") }

        var results: [ProcessResult] = []
        for process in processes { results.append(try await process.wait(timeout: 60)) }
        watcher.stop()
        watcherStopped = true

        for result in results {
            #expect(result.exitCode == 0, "round \(round): \(result)")
        }
        try #require(results.allSatisfy { $0.exitCode == 0 }, "round \(round): a process failed on an empty container")

        // Exactly one key file, 48 bytes, in telegram-data; no temp files left behind anywhere.
        let layout = sandbox.layout
        let key = ContainerFiles.bytes(layout.deviceKeyPath)
        #expect(key?.count == 48, "round \(round): .tempkey is \(key.map { "\($0.count) bytes" } ?? "missing")")
        let keyLike = ContainerFiles.allEntries(under: sandbox.container)
            .filter { ($0 as NSString).lastPathComponent.hasPrefix(".tempkey") }
        #expect(keyLike == ["telegram-data/.tempkey"], "round \(round): key files in the container: \(keyLike)")

        // The key came into existence once and was never replaced or removed: a racer that
        // renamed its own key over the winner's (each process then holding a different key) shows
        // up here as a second MOVED_TO, even though the final file looks fine.
        let events = watcher.keyEvents
        let arrivals = events.filter { $0.mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 }
        let removals = events.filter { $0.mask & (UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)) != 0 }
        #expect(arrivals.count <= 1, "round \(round): .tempkey was put in place \(arrivals.count) times: \(events)")
        #expect(removals.isEmpty, "round \(round): .tempkey was removed or replaced: \(events)")
        if watcher.observedFromStart {
            observedRounds += 1
            #expect(arrivals.count == 1, "round \(round): watched from the start but saw no arrival of .tempkey: \(events)")
        }

        // Every process reported the same container and no account.
        var rootPaths = Set<String>()
        for (result, (exe, _)) in zip(results, commands) {
            let json = try result.json()
            if exe == Executables.main {
                // (Whether "no account" is an explicit null or an absent key is ContractShapeTests' business.)
                #expect(json["currentAccountId"] == nil || json["currentAccountId"] is NSNull,
                        "round \(round): main accounts on an empty container: \(result)")
                #expect((json["accounts"] as? [Any])?.isEmpty == true, "round \(round): \(result)")
            } else {
                #expect(json["currentAccountId"] == nil || json["currentAccountId"] is NSNull, "round \(round): \(exe): \(result)")
                #expect(json["postboxReadOnly"] as? Bool == false, "round \(round): \(exe): \(result)")
                #expect(json["peerCount"] as? Int == 0 && json["messageCount"] as? Int == 0, "round \(round): \(exe): \(result)")
                rootPaths.insert(json["rootPath"] as? String ?? "<none>")
            }
        }
        #expect(rootPaths == [layout.rootPath], "round \(round): extensions used root paths \(rootPaths)")
        if let spread = Self.logStartSpread(layout) { spreads.append(spread) }

        // Anything sealed during the race opens with the key that won: if one racer had used a
        // key of its own, its AccountManager store would not open with the final one.
        if ContainerFiles.exists(layout.sharedDataDatabasePath) {
            #expect(throws: Never.self, "round \(round): accounts-metadata store does not open with the final .tempkey") {
                _ = try integrityCheck(databasePath: layout.sharedDataDatabasePath, purpose: "account-manager", layout: layout)
            }
        }

        // The container is usable afterwards: main logs in, an extension sees the account, and the
        // key that opens the new Postbox is still the one the race produced.
        let accountId = try await sandbox.login(phone: "+1555010\(String(format: "%04d", round))", name: "Race Round\(round)")
        let ext = Executables.extensionNames[round % Executables.extensionNames.count]
        let boot = try await sandbox.bootstrap(ext)
        #expect(boot["currentAccountId"] as? String == String(accountId), "round \(round): \(ext) after login: \(boot)")
        #expect(ContainerFiles.bytes(layout.deviceKeyPath) == key, "round \(round): .tempkey changed after the race")
        let check = try integrityCheck(databasePath: layout.postboxDatabasePath(accountId),
                                       purpose: postboxPurpose(accountId), layout: layout)
        #expect(check == "ok", "round \(round)")
    }
}
