import Foundation
import Testing
import TestSupport

/// Every executable and every command answers `--help` with its usage on stdout and status 0:
/// the parser asks for help through an error of its own, which must never be printed as one.
@Suite("--help of every command")
struct HelpTests {
    static let invocations: [(String, [String])] = Executables.all.map { ($0, ["--help"]) } + [
        (Executables.main, ["passcode", "--help"]), (Executables.main, ["passcode", "set", "--help"]),
        (Executables.main, ["run", "--help"]), (Executables.main, ["help", "login"]),
        ("share", ["peers", "--help"]), ("intents", ["send-message", "--help"]), ("widget", ["timeline", "--help"]),
    ]

    @Test("--help prints the usage and exits 0", .timeLimit(.minutes(5)), arguments: invocations)
    func helpIsUsage(_ executable: String, _ arguments: [String]) async throws {
        try await withSandbox("help") { sandbox in
            let result = try await sandbox.run(executable, arguments, containerFlag: false)
            #expect(result.exitCode == 0, "\(executable) \(arguments.joined(separator: " ")): \(result)")
            #expect(result.stdout.contains("USAGE:"), "\(executable) \(arguments.joined(separator: " ")): \(result)")
            #expect(!result.stderr.contains("CommandError"), "\(result)")
        }
    }
}
