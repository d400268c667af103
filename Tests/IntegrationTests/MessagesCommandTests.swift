import Foundation
import Testing
import TestSupport

/// `main messages`: a chat's history read back, as Scripts/chaos counts stored texts with it.
@Suite("main messages")
struct MessagesCommandTests {
    static func texts(_ result: ProcessResult) throws -> [String] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
        return rows.compactMap { $0["text"] as? String }
    }

    @Test("newest first, read-only while main run runs; an unknown chat is exit 1", .timeLimit(.minutes(5)))
    func listsAChat() async throws {
        try await withSandbox("messages") { sandbox in
            try await sandbox.login()
            _ = try await sandbox.seed(peers: 20, messages: 100)
            _ = try await sandbox.runOK(Executables.main, ["push", "--peer", "1000001", "--text", "first"])
            _ = try await sandbox.runOK(Executables.main, ["push", "--peer", "1000001", "--text", "second"])

            let listed = try await sandbox.runOK(Executables.main, ["messages", "--peer", "1000001", "--limit", "2", "--json"])
            #expect(try Self.texts(listed) == ["second", "first"])

            // A reader: it runs beside `main run` instead of being handed to it.
            let (run, _) = try await sandbox.startMainRun()
            let beside = try await sandbox.runOK(Executables.main, ["messages", "--peer", "1000001", "--limit", "1", "--json"])
            #expect(try Self.texts(beside) == ["second"])
            run.send(SIGTERM)
            _ = try await run.wait(timeout: 20)

            let unknown = try await sandbox.run(Executables.main, ["messages", "--peer", "999"])
            #expect(unknown.exitCode == 1 && unknown.stderr.contains("no chat with peer id 999"), "\(unknown)")
            let badLimit = try await sandbox.run(Executables.main, ["messages", "--peer", "1000001", "--limit", "0"])
            #expect(badLimit.exitCode == 64, "\(badLimit)")
        }
    }
}
