import Foundation
import Testing
import TestSupport

/// `main` with no subcommand is `main run`'s interface (README): on a terminal it opens it
/// (MainAppFlowTerminalTests start it so); off one there is none to open, which it says, non-zero —
/// neither help (exit 0, as if nothing were asked) nor a usage error about its options (exit 64).
@Suite("main alone")
struct MainAloneTests {
    @Test("main and main --container C off a terminal: a clear message, exit 1, nothing created", .timeLimit(.minutes(5)))
    func offATerminal() async throws {
        try await withSandbox("main-alone") { sandbox in
            for arguments in [[], ["--container", sandbox.container + "/new"]] {
                let result = try await sandbox.run(Executables.main, arguments, containerFlag: false)
                #expect(result.exitCode == 1, "\(arguments): \(result)")
                #expect(result.stderr.contains("needs a terminal") && result.stderr.contains("main run"), "\(result)")
                #expect(!result.stdout.contains("USAGE:"), "\(result)")
            }
            #expect(!FileManager.default.fileExists(atPath: sandbox.container + "/new"))
        }
    }
}
