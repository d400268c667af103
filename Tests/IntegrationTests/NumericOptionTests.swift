import Foundation
import Testing
import TestSupport

/// A number out of range on any command line is named with its range, whatever its sign: a
/// negative value is a value (`--limit -1`, a group's `--peer -1001`), not a missing one.
@Suite("Numeric options: negative values are values")
struct NumericOptionTests {
    @Test("Each CLI's numeric options: the range is named, never \"Missing value\"", .timeLimit(.minutes(5)))
    func negativeValuesAreRangeErrors() async throws {
        try await withSandbox("numeric") { sandbox in
            try await sandbox.login()
            let cases: [(String, [String], String)] = [
                (Executables.main, ["seed", "--peers", "-5", "--messages", "3"], "--peers must be between 1"),
                (Executables.main, ["seed", "--peers", "2", "--messages", "-1"], "--messages must be between 0"),
                (Executables.main, ["chats", "--limit", "-1"], "--limit must be between 1"),
                (Executables.main, ["messages", "--peer", "-5", "--limit", "-2"], "--limit must be between 1"),
                ("intents", ["search-messages", "--query", "x", "--limit", "-3"], "--limit must be between 1"),
            ]
            for (executable, arguments, message) in cases {
                let result = try await sandbox.run(executable, arguments)
                #expect(result.exitCode != 0, "\(arguments): \(result)")
                #expect(result.stderr.contains(message), "\(arguments): \(result)")
                #expect(!result.stderr.contains("Missing value"), "\(arguments): \(result)")
            }
            // A negative peer id is a peer id (groups' and channels' are negative): the refusal is about the chat.
            let group = try await sandbox.run(Executables.main, ["messages", "--peer", "-1001234", "--limit", "3"])
            #expect(group.exitCode != 0 && !group.stderr.contains("Missing value"), "\(group)")
        }
    }

    /// The class, in the source: every numeric option of every command line takes a value that
    /// starts with '-' (swift-argument-parser would otherwise read it as the next option).
    @Test func everyNumericOptionTakesNegativeValues() throws {
        let root = PackagePaths.root + "/Sources/CommandLine"
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var offenders: [String] = []
        var seen = 0
        let numeric = try NSRegularExpression(pattern: #"@Option\((?:[^()"]|"(?:[^"\\]|\\.)*"|\([^()]*\))*\)\s*(?:public\s+)?var \w+(?:: (?:Int|Int32|Int64|UInt16|UInt32|Double|Float)\b|\s*=\s*-?[\d_.]+\b)"#)
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for match in numeric.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let declaration = String(text[Range(match.range, in: text)!])
                seen += 1
                if !declaration.contains("parsing: .unconditional") { offenders.append("\(file): \(declaration.prefix(80))") }
            }
        }
        #expect(seen >= 40, "the pattern finds the numeric options (\(seen))")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
