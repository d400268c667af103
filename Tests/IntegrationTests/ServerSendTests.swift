import Foundation
import Testing
import TestSupport

/// Sending to the test server, with Telethon (an independent client) reading what the server
/// holds: a message written by `main` waits in the local namespace with its random_id, goes with
/// the running app's connection, and moves to the id the server gave; killed after the server
/// stored it but before its answer arrived, the app sends it again with the same random_id at the
/// next start, and the server, the Postbox and Telethon each hold it once.
@Suite("Sending to the test server exactly once", .serialized)
struct ServerSendTests {
    static let grace = 1_000_002

    struct Row {
        var id: Int
        var text: String
        var unsent: [String: Any]?
    }

    static func rows(_ sandbox: Sandbox) async throws -> [Row] {
        let result = try await sandbox.runOK(Executables.main, ["messages", "--peer", String(grace), "--limit", "1000", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.map { Row(id: $0["id"] as? Int ?? 0, text: $0["text"] as? String ?? "", unsent: $0["unsent"] as? [String: Any]) }
    }

    /// What the server holds of the chat, as Telethon (Grace) reads it.
    static func serverTexts(_ server: TestServer, session: String) async throws -> [String] {
        let history = try await ServerSyncTests.telethon(server, "history", ["--with", "+9996610001", "--limit", "1000"], session: session)
        let messages = try #require(try history.json()["messages"] as? [[String: Any]], "\(history)")
        return messages.compactMap { $0["text"] as? String }
    }

    /// Grace (Telethon) and Ada (ours) on one server, Ada synced once so the server has
    /// introduced Grace to her (the access_hash a send needs).
    static func twoAccounts(_ server: TestServer, _ sandbox: Sandbox) async throws -> String {
        let session = sandbox.base + "/grace"
        #expect(try await ServerSyncTests.telethon(server, "login", ["--phone", "+999 66 2 0002", "--code", ServerSyncTests.code],
                                                   session: session).succeeded)
        try await sandbox.runOK(Executables.main, ["login", "--server", server.address, "--public-key", TestServer.publicKeyPath,
                                                  "--phone", "+999 66 1 0001", "--code", ServerSyncTests.code])
        #expect(try await ServerSyncTests.telethon(server, "send", ["--to", "+9996610001", "--text", "hello ada"], session: session).succeeded)
        try await sandbox.runOK(Executables.main, ["sync"])
        return session
    }

    static func waitUntil(_ what: String, timeout: Double = 20, _ condition: () async throws -> Bool) async throws {
        try await TestSupport.waitUntil(what, timeout: timeout, condition)
    }

    static func startServer(_ extra: [String] = []) throws -> TestServer {
        try TestServer.start(extraArguments: ["--login-code", ServerSyncTests.code, "--account", "+999 66 1 0001:Ada:Lovelace",
                                              "--account", "+999 66 2 0002:Grace:Hopper"] + extra)
    }

    /// Seed 004's service task master: with main not running, share sends its text over the
    /// network itself (the request keeps its random_id), and main, storing the request when it
    /// next runs, sends it again with that random_id: the server, Telethon and the chat hold it once.
    @Test("With main not running, share sends over the network itself; main's later send of the same random_id makes no second message",
          .timeLimit(.minutes(5)))
    func shareIsServiceTaskMaster() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        try await withSandbox("server-share-master") { sandbox in
            let session = try await Self.twoAccounts(server, sandbox)
            let shared = try await sandbox.run("share", ["send", "--to", String(Self.grace), "--text", "sent by share itself", "--json"], timeout: 60)
            let outcome = try shared.json()
            #expect(shared.exitCode == 0 && outcome["status"] as? String == "sent" && outcome["by"] as? String == "share", "\(shared)")
            // On the server at once, with main not running.
            #expect(try await Self.serverTexts(server, session: session).filter { $0 == "sent by share itself" }.count == 1)
            let requests = try await sandbox.runOK(Executables.main, ["requests", "--json"]).json()
            #expect((requests["pending"] as? [Any])?.count == 1, "the request waits for main: \(requests)")

            // main stores it and sends it with the same random_id: answered as a retry.
            let synced = try await sandbox.runOK(Executables.main, ["sync", "--json"]).json()
            #expect(synced["sent"] as? Int == 1, "\(synced)")
            #expect(server.stderrText.contains("a retry, answered id"), "\(server.stderrText.suffix(1500))")
            let rows = try await Self.rows(sandbox).filter { $0.text == "sent by share itself" }
            #expect(rows.count == 1 && rows.first?.unsent == nil && rows.first?.id == outcome["messageId"] as? Int, "\(rows.map(\.id)) \(outcome)")
            #expect(try await Self.serverTexts(server, session: session).filter { $0 == "sent by share itself" }.count == 1)

            // The intents extension does the same for a voice command's message.
            let intent = try await sandbox.run("intents", ["send-message", "--to", "Grace Hopper", "--text", "sent by the intent", "--json"], timeout: 60)
            let answer = try intent.json()
            #expect(intent.exitCode == 0 && answer["code"] as? String == "success" && answer["reason"] as? String == "sentByExtension", "\(intent)")
            #expect(try await Self.serverTexts(server, session: session).filter { $0 == "sent by the intent" }.count == 1)
            try await sandbox.runOK(Executables.main, ["sync"])
            #expect(try await Self.rows(sandbox).filter { $0.text == "sent by the intent" && $0.unsent == nil }.count == 1)
            #expect(try await Self.serverTexts(server, session: session).filter { $0 == "sent by the intent" }.count == 1)
        }
    }

    @Test("A message shared while the app runs waits with a clock, is sent, and takes the server's id; Telethon reads it once",
          .timeLimit(.minutes(5)))
    func sentWhileRunning() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        try await withSandbox("server-send") { sandbox in
            let session = try await Self.twoAccounts(server, sandbox)
            let (run, _) = try await sandbox.startMainRun(["--headless"])
            defer { run.kill9() }
            let shared = try await sandbox.run("share", ["send", "--to", String(Self.grace), "--text", "from ada"], timeout: 60)
            #expect(shared.exitCode == 0, "\(shared)")
            try await Self.waitUntil("the message moved to the server's id") {
                try await Self.rows(sandbox).first.map { $0.text == "from ada" && $0.unsent == nil } ?? false
            }
            let rows = try await Self.rows(sandbox)
            #expect(rows.filter { $0.text == "from ada" }.count == 1, "\(rows.map(\.text))")
            let onServer = try await Self.serverTexts(server, session: session)
            #expect(onServer.filter { $0 == "from ada" }.count == 1, "\(onServer)")
            run.send(SIGTERM)
            #expect(try await run.wait(timeout: 30).exitCode == 0)
        }
    }

    @Test("Waiting text messages go several at once, each to run after the one before: all in flight before one answer, in order on the server, each once",
          .timeLimit(.minutes(3)))
    func waitingMessagesGoTogether() async throws {
        // While `hold` exists the server does each sendMessage and keeps its answer: one at a
        // time, only main's first would be done.
        let hold = NSTemporaryDirectory() + "send-together-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        defer { unlink(hold) }
        let server = try Self.startServer(["--hold-answer", "messages.sendMessage=\(hold)"])
        defer { server.stop() }
        try await withSandbox("server-send-together") { sandbox in
            let session = try await Self.twoAccounts(server, sandbox)
            let count = 20
            #expect(FileManager.default.createFile(atPath: hold, contents: nil))
            // Handed to a running main (no network of share's own): the first goes and waits for
            // its answer, the rest wait behind it; then main is killed, so all are unsent.
            var (run, _) = try await sandbox.startMainRun(["--headless"])
            for i in 1 ... count {
                _ = try await sandbox.runOK("share", ["send", "--to", String(Self.grace), "--text", "q\(i)"])
            }
            run.kill9()
            _ = try? await run.wait(timeout: 10)
            (run, _) = try await sandbox.startMainRun(["--headless"])
            defer { run.kill9() }
            let window = 16
            // main's first window: each after the one before, all there before any answer.
            try await Self.waitUntil("\(window - 1) sendMessages chained before any answer") {
                server.stderrText.components(separatedBy: "invokeAfterMsg messages.sendMessage after msg").count - 1 >= window - 1
            }
            unlink(hold)
            try await Self.waitUntil("every message sent", timeout: 60) { try await Self.rows(sandbox).allSatisfy { $0.unsent == nil } }
            let onServer = try await Self.serverTexts(server, session: session).filter { $0.hasPrefix("q") }
            #expect(onServer == (1 ... count).reversed().map { "q\($0)" }, "in order, each once (newest first): \(onServer)")
            let local = try await Self.rows(sandbox).map(\.text).filter { $0.hasPrefix("q") }
            #expect(local.count == count && Set(local).count == count, "\(local)")
        }
    }

    @Test("Killed after the server stored a message and before its answer came: sent again with the same random_id, held once everywhere",
          .timeLimit(.minutes(5)))
    func killedBeforeTheAnswer() async throws {
        // While `hold` exists the server does sendMessage at once and keeps its answer: each kill
        // below lands after the server has the message and before the app heard so, however
        // slowly a loaded machine runs the test.
        let hold = NSTemporaryDirectory() + "send-hold-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        defer { unlink(hold) }
        let server = try Self.startServer(["--hold-answer", "messages.sendMessage=\(hold)"])
        defer { server.stop() }
        try await withSandbox("server-send-kill") { sandbox in
            let session = try await Self.twoAccounts(server, sandbox)
            let rounds = 6
            for round in 1...rounds {
                // What earlier rounds left waiting goes first (answered now: the retry of a
                // message the server has), so this round's message is the one its kill catches.
                unlink(hold)
                if round > 1 {
                    let (settling, _) = try await sandbox.startMainRun(["--headless"])
                    try await Self.waitUntil("round \(round): the earlier messages answered") {
                        try await Self.rows(sandbox).allSatisfy { $0.unsent == nil }
                    }
                    settling.kill9()
                    _ = try? await settling.wait(timeout: 10)
                }
                #expect(FileManager.default.createFile(atPath: hold, contents: nil))
                // Queued while main is down (share hands it to main's next run).
                let queued = try await sandbox.run("share", ["send", "--to", String(Self.grace), "--text", "k\(round)", "--deadline", "0"], timeout: 30)
                #expect(queued.exitCode == 0 || queued.exitCode == 75, "\(queued)")
                let before = server.stderrText.components(separatedBy: "sendMessage user").count
                let (run, _) = try await sandbox.startMainRun(["--headless"])
                try await Self.waitUntil("round \(round): the server did a sendMessage") {
                    server.stderrText.components(separatedBy: "sendMessage user").count > before
                }
                run.kill9()
                _ = try? await run.wait(timeout: 10)
                let unsent = try await Self.rows(sandbox).filter { $0.unsent != nil }
                #expect(unsent.map(\.text) == ["k\(round)"], "round \(round): still waiting for its answer: \(unsent.map(\.text))")
                let onServer = try await Self.serverTexts(server, session: session)
                #expect(onServer.filter { $0 == "k\(round)" }.count == 1, "round \(round): the server has it: \(onServer)")
            }
            unlink(hold)
            // A run that is left alone: every message has its answer.
            let (run, _) = try await sandbox.startMainRun(["--headless"])
            defer { run.kill9() }
            try await Self.waitUntil("every message sent", timeout: 60) {
                try await Self.rows(sandbox).allSatisfy { $0.unsent == nil }
            }
            let local = try await Self.rows(sandbox).map(\.text)
            let onServer = try await Self.serverTexts(server, session: session)
            for round in 1...rounds {
                #expect(local.filter { $0 == "k\(round)" }.count == 1, "k\(round) locally: \(local)")
                #expect(onServer.filter { $0 == "k\(round)" }.count == 1, "k\(round) on the server: \(onServer)")
            }
            // Each round's message went again after its kill, with its random_id: answered as a retry.
            let retries = server.stderrText.components(separatedBy: "a retry, answered id").count - 1
            #expect(retries >= rounds, "\(retries) sendMessages answered as retries, for \(rounds) kills")
        }
    }
}
