import Foundation
import Testing
import Container
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

// Helpers for the intents tests: a seeded account with what `main seed --json` reveals, and
// `intents … --json` runs whose exit status is checked against the answer's code (0 for success,
// inProgress and continueInApp, 3 for needsDisambiguation, 1 otherwise), as docs/cli-contract.md
// and `intents --help` state it.

enum Intents {
    static let executable = "intents"

    static func exitStatus(forCode code: String) -> Int32 {
        switch code {
        case "success", "inProgress", "continueInApp": return 0
        case "needsDisambiguation": return 3
        default: return 1
        }
    }

    /// A JSON number as Int64.
    static func int(_ object: [String: Any]?, _ key: String) -> Int64? { (object?[key] as? NSNumber)?.int64Value }
}

/// One `intents … --json` answer.
struct IntentAnswer: @unchecked Sendable, CustomStringConvertible {
    let result: ProcessResult
    let json: [String: Any]

    var code: String { json["code"] as? String ?? "" }
    var reason: String? { json["reason"] as? String }
    var description: String { result.description }

    func person(_ key: String) -> [String: Any]? { json[key] as? [String: Any] }
    var candidates: [[String: Any]] { json["candidates"] as? [[String: Any]] ?? [] }
    var messages: [[String: Any]] { json["messages"] as? [[String: Any]] ?? [] }
    var calls: [[String: Any]] { json["calls"] as? [[String: Any]] ?? [] }
}

/// login + seed, and what the seed printed.
struct IntentsFixture: @unchecked Sendable {
    let sandbox: Sandbox
    let accountId: Int64
    let sampleNames: [String]
    let sampleTexts: [String]
    /// A word in only `rareWordMessages` of the messages.
    let rareWord: String
    let rareWordMessages: Int

    static func make(_ sandbox: Sandbox, peers: Int = 60, messages: Int = 1500) async throws -> IntentsFixture {
        let accountId = try await sandbox.login()
        let seeded = try await sandbox.seed(peers: peers, messages: messages)
        return IntentsFixture(sandbox: sandbox, accountId: accountId,
                              sampleNames: seeded["sampleNames"] as? [String] ?? [],
                              sampleTexts: seeded["sampleTexts"] as? [String] ?? [],
                              rareWord: seeded["rareWord"] as? String ?? "",
                              rareWordMessages: seeded["rareWordMessages"] as? Int ?? 0)
    }

    /// The seed prints the first user's phone number among its sample names.
    func samplePhone() throws -> String {
        try #require(sampleNames.first { $0.hasPrefix("+") }, "main seed --json printed no phone number: \(sampleNames)")
    }
}

extension Sandbox {
    /// `intents <args> --json`; the answer must be JSON whose code matches the exit status.
    func intent(_ args: [String], timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation) async throws -> IntentAnswer {
        let result = try await run(Intents.executable, args + ["--json"], timeout: timeout)
        let answer = IntentAnswer(result: result, json: try result.json())
        #expect(result.exitCode == Intents.exitStatus(forCode: answer.code), "exit status does not match the code: \(result)",
                sourceLocation: sourceLocation)
        return answer
    }

    /// `main chats --json`, all of them, by peer id.
    func intentsChats() async throws -> [Int64: [String: Any]] {
        let result = try await runOK(Executables.main, ["chats", "--limit", "10000", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
        var byPeer: [Int64: [String: Any]] = [:]
        for row in rows { if let id = (row["peerId"] as? NSNumber)?.int64Value { byPeer[id] = row } }
        return byPeer
    }

    /// Entries waiting in `requests/pending/`.
    var intentsPending: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: layout.requestsPath + "/pending")) ?? []
    }

    /// A writer launch of main that changes nothing else: it drains the request queue.
    func intentsWriterLaunch() async throws {
        try await runOK(Executables.main, ["settings", "--show-calls-tab", "true"])
    }

    /// Stops a `main run` with SIGTERM and waits for it.
    func intentsStop(_ run: RunningProcess) async throws {
        run.send(SIGTERM)
        let result = try await run.wait(timeout: 30, context: "main run after SIGTERM")
        #expect(result.exitCode == 0, "main run did not stop cleanly: \(result)")
    }
}

extension Intents {
    /// search-messages' semantics, simply: every word of the query begins some word of the text
    /// (lower-cased, split at spaces and ASCII punctuation: enough for the fixture's texts).
    static func hasWordPrefixes(_ text: String, of query: String) -> Bool {
        func words(_ s: String) -> [Substring] {
            s.lowercased().split { $0.isWhitespace || ($0.isASCII && ($0.isPunctuation || $0.isSymbol)) }
        }
        let textWords = words(text)
        return words(query).allSatisfy { word in textWords.contains { $0.hasPrefix(word) } }
    }
}
