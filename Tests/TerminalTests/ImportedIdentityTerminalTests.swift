import Foundation
import Testing
import TestSupport

/// A Telegram Desktop export imported into a logged-in account, then the interface: the import
/// reports the export's other phone number and keeps the account's own (`main login --phone`
/// with it still finds the same account, not a new empty one), and a message sent through an
/// inline bot reads "via @gif", one @, as Telegram shows it.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct ImportedIdentityTerminalTests {
    typealias Main = MainInterfaceTerminalTests

    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func importKeepsThePhoneAndViaBotHasOneAt(size: (Int, Int), term: String) async throws {
        let directory = try TemporaryDirectory("identity")
        defer { directory.remove() }
        let container = directory.sub("container"), export = directory.sub("export")
        try await Main.run("main", ["login", "--phone", "+15550001111", "--name", "Ada Tester", "--container", container])
        try await ExportGenerator.write(export, ["--variants"])
        let main = Executables.path(Executables.main)

        // The import on a terminal: its report names the export's number and keeps the account's.
        let status = directory.sub("status")
        let script = TmuxSession.recordingExitStatus("'\(main)' import telegram-export '\(export)' --container '\(container)'", in: status)
        var session = try TmuxSession(width: size.0, height: size.1, command: ["/bin/sh", "-c", script], options: [("default-terminal", term)])
        #expect(try await session.exitStatus(recordedIn: status, timeout: 60) == "0")
        let report = try session.capture().joined()
        #expect(report.contains("is not this account's: the account keeps its own"), "\(report)")
        session.kill()
        let accounts = try await Main.run("main", ["accounts", "--container", container])
        #expect(accounts.contains("+15550001111") && !accounts.contains("555 010 0001"), "\(accounts)")
        let login = try await RunningProcess.run(main, ["login", "--phone", "+15550001111", "--name", "Ada Tester", "--container", container])
        #expect(try await Main.run("main", ["accounts", "--container", container]).split(separator: "\n").count == 1,
                "the login found the account again, no new one: \(login)")

        // The interface: the bot chat's message sent through @gif.
        let chats = try await MainAppFlowTerminalTests.chats(container, limit: 100)
        let bot = try #require(chats.first { $0["title"] as? String == "Helper Bot" }?["peerId"] as? Int64)
        session = try TmuxSession(width: size.0, height: size.1,
                                  command: [main, "run", "--container", container, "--open", "tg://localpeer?id=\(bot)"],
                                  options: [("default-terminal", term)])
        defer { session.kill() }
        let screen = try await session.waitFor(timeout: 15, "the message sent through the bot") { lines in
            lines.contains { $0.contains("found with an inline bot") && $0.contains("via") }
        }
        let line = try #require(screen.first { $0.contains("found with an inline bot") && $0.contains("via") })
        #expect(line.contains("via @gif") && !line.contains("@@"), "\(line)")
    }
}
