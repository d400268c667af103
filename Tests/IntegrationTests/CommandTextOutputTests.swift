import Foundation
import Testing
import TestSupport

/// What the commands print for people: durations to the hundredth (never a Double's binary
/// expansion), dates as local dates and times (the JSON keeps epoch seconds).
@Suite("text output for people")
struct CommandTextOutputTests {
    @Test("seed says its time as '0.64 s'; messages dates each line '2026-11-23 14:05', --json keeps the epoch",
          .timeLimit(.minutes(5)))
    func durationsAndDates() async throws {
        try await withSandbox("text-output") { sandbox in
            try await sandbox.login()
            let seeded = try await sandbox.runOK(Executables.main, ["seed", "--peers", "3", "--messages", "30"])
            let time = try #require(seeded.stdout.firstMatch(of: /in ([0-9.]+(?: min [0-9]+)?) s \(/), "\(seeded)")
            #expect(time.1.firstMatch(of: /^[0-9]+(\.[0-9]{2})?( min [0-9]+)?$/) != nil, "\(seeded.stdout)")

            let text = try await sandbox.runOK(Executables.main, ["messages", "--peer", "1000001", "--limit", "3"])
            let lines = text.stdout.split(separator: "\n")
            #expect(lines.count == 3, "\(text)")
            for line in lines {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                #expect(fields.count >= 3 && fields[1].wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}/) != nil,
                        "the second field is a local date and time: \(line)")
            }
            let json = try await sandbox.runOK(Executables.main, ["messages", "--peer", "1000001", "--limit", "1", "--json"])
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(rows.first?["timestamp"] is Int, "\(json)")
        }
    }
}
