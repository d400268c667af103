import Foundation
import Testing
import TestSupport

/// A command whose answer cannot be written (standard output on a full disk, a closed pipe) must
/// not exit 0 as if it had been given: what it did is done, but nobody was told.
@Suite("An answer that cannot be written")
struct LostAnswerTests {
    @Test("stdout on /dev/full: exit 74 with the reason on stderr; the change itself is made", .timeLimit(.minutes(5)))
    func answerToAFullDevice() async throws {
        try await withSandbox("lost-answer") { sandbox in
            let io = try TemporaryDirectory("lost-answer-io")
            defer { io.remove() }
            let login = try RunningProcess(Executables.path(Executables.main),
                                           ["login", "--phone", "+15550009", "--name", "Nobody Told", "--json", "--container", sandbox.container],
                                           stdoutPath: "/dev/full", stderrPath: io.sub("err"))
            let result = try await login.wait(timeout: 60)
            #expect(result.exitCode == 74, "\(result)")
            #expect(result.stderr.contains("answer could not be written"), "\(result)")
            let accounts = try await sandbox.runOK(Executables.main, ["accounts", "--json"])
            let made = try accounts.json()["accounts"] as? [[String: Any]]
            #expect(made?.count == 1, "the login itself was made: \(accounts)")
        }
    }
}
