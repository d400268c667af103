import Foundation
import Testing
import Container
import Cryptography
import Formats
import RequestChannel
import TestSupport

/// docs/architecture.md §5.1 (requests): main's side of the channel with requests written by the channel's
/// own submitter from the test process (the extensions' use of it is tested with share and
/// intents). Exactly once across kill -9, replays and hostile files moved aside, never applied.
@Suite("Request channel: main applies each request exactly once")
struct RequestChannelTests {
    /// A submitter on the sandbox's container, as an extension would make one.
    static func submitter(_ sandbox: Sandbox) throws -> RequestSubmitter {
        let key = try #require(try DeviceKey.load(path: sandbox.layout.deviceKeyPath))
        return try RequestSubmitter(layout: sandbox.layout, deviceKey: key)
    }

    static func messageCount(_ sandbox: Sandbox) async throws -> Int {
        let status = try await sandbox.runOK(Executables.main, ["status", "--json"]).json()
        return try #require((status["store"] as? [String: Any])?["messageCount"] as? Int)
    }

    static func send(_ submitter: RequestSubmitter, account: Int64, peer: Int64, text: String) throws -> AppRequest {
        let draft = try submitter.begin()
        return try submitter.commit(draft, accountId: account, origin: "share",
                                    action: .sendMessage(peerId: peer, text: text, attachments: []))
    }

    static func pending(_ sandbox: Sandbox) -> [String] {
        FileManager.default.fileExists(atPath: sandbox.layout.requestsPath + "/pending")
            ? ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.layout.requestsPath + "/pending")) ?? []) : []
    }

    @Test("queued while main is down: applied at the next writer launch, once", .timeLimit(.minutes(5)))
    func queuedThenAppliedOnce() async throws {
        try await withSandbox("req-queued") { sandbox in
            let account = try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            let before = try await Self.messageCount(sandbox)
            let submitter = try Self.submitter(sandbox)
            let request = try Self.send(submitter, account: account, peer: 1_000_000, text: "queued while down")
            #expect(submitter.awaitOutcome(of: request, timeout: 2) == .queued(appRunning: false))
            #expect(try await Self.messageCount(sandbox) == before, "a reader launch must not apply requests")
            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
            #expect(try await Self.messageCount(sandbox) == before + 1)
            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
            #expect(try await Self.messageCount(sandbox) == before + 1, "applied twice")
            #expect(Self.pending(sandbox).isEmpty)
        }
    }

    @Test("with main run running the extension gets its acknowledgement", .timeLimit(.minutes(5)))
    func acknowledgedByTheRunningApp() async throws {
        try await withSandbox("req-ack") { sandbox in
            let account = try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            let (run, _) = try await sandbox.startMainRun()
            let submitter = try Self.submitter(sandbox)
            let request = try Self.send(submitter, account: account, peer: 1_000_000, text: "while running")
            guard case .applied(let ack) = submitter.awaitOutcome(of: request, timeout: 10) else {
                Issue.record("not applied within 10 s")
                return
            }
            #expect(ack.result["messageId"] != nil)
            #expect(!FileManager.default.fileExists(atPath: sandbox.layout.requestsPath + "/acks/" + request.id), "the ack was not collected")
            // An unknown chat: rejected with a reason, never applied.
            let bad = try Self.send(submitter, account: account, peer: 987_654_321, text: "nobody")
            guard case .rejected(let refusal) = submitter.awaitOutcome(of: bad, timeout: 10) else {
                Issue.record("a request for an unknown chat was not rejected")
                return
            }
            #expect(refusal.detail?.contains("no chat") == true)
            run.send(SIGTERM)
            _ = try await run.wait(timeout: 20)
        }
    }

    @Test("hostile and foreign files are moved aside with a reason, never applied", .timeLimit(.minutes(5)))
    func hostileFilesAreRejected() async throws {
        try await withSandbox("req-hostile") { sandbox in
            let account = try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            let before = try await Self.messageCount(sandbox)
            let submitter = try Self.submitter(sandbox)
            let pending = sandbox.layout.requestsPath + "/pending"
            // 1. Not a request at all, under a request-like name and under another name.
            let junk = pending + "/" + RequestDirectories.newId(nowMilliseconds: 1)
            try FileManager.default.createDirectory(atPath: junk, withIntermediateDirectories: true)
            try TestRandom.bytes(300).write(toPath: junk + "/request")
            try Data("x".utf8).write(toPath: pending + "/notes.txt")
            // 2. A valid request moved under another id: its seal no longer matches.
            let moved = try Self.send(submitter, account: account, peer: 1_000_000, text: "moved")
            try FileManager.default.moveItem(atPath: pending + "/" + moved.id,
                                             toPath: pending + "/" + RequestDirectories.newId(nowMilliseconds: 2))
            // 3. A request for an account that does not exist.
            _ = try Self.send(submitter, account: 12345, peer: 1_000_000, text: "nobody's")
            // 4. A request sealed on another device (another container's key).
            try await withSandbox("req-foreign") { other in
                try await other.login()
                let foreign = try Self.send(try Self.submitter(other), account: account, peer: 1_000_000, text: "foreign")
                try FileManager.default.moveItem(atPath: other.layout.requestsPath + "/pending/" + foreign.id, toPath: pending + "/" + foreign.id)
            }
            // 5. A request file far over the size limit.
            let huge = pending + "/" + RequestDirectories.newId(nowMilliseconds: 3)
            try FileManager.default.createDirectory(atPath: huge, withIntermediateDirectories: true)
            try TestRandom.bytes(RequestCodec.sizeLimit + 10).write(toPath: huge + "/request")

            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
            #expect(try await Self.messageCount(sandbox) == before)
            #expect(Self.pending(sandbox).isEmpty, "left pending: \(Self.pending(sandbox))")
            let rejected = try FileManager.default.contentsOfDirectory(atPath: sandbox.layout.requestsPath + "/rejected")
            #expect(rejected.count == 6, "rejected: \(rejected)")
            for name in rejected {
                let reason = try? String(contentsOfFile: sandbox.layout.requestsPath + "/rejected/\(name)/reason", encoding: .utf8)
                #expect(reason?.isEmpty == false, "rejected/\(name) has no reason")
            }
            let log = ContainerFiles.regularFiles(under: sandbox.layout.logsPath("app-logs"))
                .compactMap { ContainerFiles.bytes(sandbox.layout.logsPath("app-logs") + "/" + $0) }
                .map { String(decoding: $0, as: UTF8.self) }.joined()
            #expect(log.contains("request rejected"))
        }
    }

    @Test("a replayed request file is not applied again", .timeLimit(.minutes(5)))
    func replayIsNotApplied() async throws {
        try await withSandbox("req-replay") { sandbox in
            let account = try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            let before = try await Self.messageCount(sandbox)
            let submitter = try Self.submitter(sandbox)
            let request = try Self.send(submitter, account: account, peer: 1_000_000, text: "once only")
            let copy = sandbox.base + "/replay-copy"
            try FileManager.default.copyItem(atPath: sandbox.layout.requestsPath + "/pending/" + request.id, toPath: copy)
            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
            #expect(try await Self.messageCount(sandbox) == before + 1)
            try FileManager.default.copyItem(atPath: copy, toPath: sandbox.layout.requestsPath + "/pending/" + request.id)
            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
            #expect(try await Self.messageCount(sandbox) == before + 1, "the replay was applied")
            #expect(Self.pending(sandbox).isEmpty)
            // Acknowledged again as applied and removed: a replay is no refusal.
            let rejected = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.layout.requestsPath + "/rejected")) ?? []
            #expect(rejected.isEmpty, "rejected: \(rejected)")
        }
    }

    @Test("kill -9 of main at random points: every request applied exactly once", .timeLimit(.minutes(5)))
    func killNineExactlyOnce() async throws {
        try await withSandbox("req-kill9") { sandbox in
            let account = try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            let before = try await Self.messageCount(sandbox)
            let submitter = try Self.submitter(sandbox)
            var sent = 0
            var kills = 0
            for round in 0..<50 {
                for i in 0..<4 {
                    _ = try Self.send(submitter, account: account, peer: 1_000_000 + Int64(i % 4), text: "round \(round) #\(i)")
                    sent += 1
                }
                let run = try sandbox.start(Executables.main, ["run"])
                try await Task.sleep(for: .milliseconds(Int.random(in: 5...60)))
                if run.isRunning {
                    run.kill9()
                    kills += 1
                }
                _ = try? await run.wait(timeout: 20)
            }
            // Whatever was left is applied by one clean launch.
            _ = try await sandbox.runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
            #expect(Self.pending(sandbox).isEmpty)
            #expect(try await Self.messageCount(sandbox) == before + sent, "after \(kills) kills")
            #expect(kills >= 25, "main was killed only \(kills) times of 50")
            let integrity = try integrityCheck(databasePath: sandbox.layout.postboxDatabasePath(account),
                                               purpose: postboxPurpose(account), layout: sandbox.layout)
            #expect(integrity == "ok")
        }
    }

    @Test("20 writers at once while main run applies", .timeLimit(.minutes(5)))
    func concurrentWriters() async throws {
        try await withSandbox("req-concurrent") { sandbox in
            let account = try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            let before = try await Self.messageCount(sandbox)
            let (run, _) = try await sandbox.startMainRun()
            let outcomes = try await withThrowingTaskGroup(of: RequestSubmitter.Outcome.self) { group in
                for writer in 0..<20 {
                    group.addTask {
                        let submitter = try Self.submitter(sandbox)
                        let request = try Self.send(submitter, account: account, peer: 1_000_000 + Int64(writer % 4), text: "writer \(writer)")
                        return submitter.awaitOutcome(of: request, timeout: 20)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let notApplied = outcomes.filter { if case .applied = $0 { return false } else { return true } }
            #expect(notApplied.isEmpty, "not applied: \(notApplied)")
            run.send(SIGTERM)
            _ = try await run.wait(timeout: 20)
            #expect(try await Self.messageCount(sandbox) == before + 20)
        }
    }
}
