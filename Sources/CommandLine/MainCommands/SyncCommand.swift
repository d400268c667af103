import AppCore
import ArgumentParser
import CommandLineSupport
import Formats
import TelegramCore

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Catch an account up with its server: new messages, edits and read states since the last sync.",
        discussion: """
        The first sync of an account reads its newest dialogs and the server's state; every later one \
        asks updates.getDifference from the stored state until nothing is newer, each step stored with \
        the state it reaches, so a sync cut short resumes where it stopped. While `main run` runs, the \
        sync is handed to it. An offline account (made without a server) has nothing to sync: exit 1.
        """)

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "The account id (see `main accounts`); the current one by default.") var account: Int64?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let report = try Operations.perform(.sync(accountId: account), options).expect("sync") {
            if case .synced(let report) = $0 { return report } else { return nil }
        }
        if json {
            printJSON(try JSONFile.text(report))
            return
        }
        let start = report.firstSync ? "first sync: \(report.dialogs) dialogs, \(report.contacts) contacts; "
            : report.tooLong ? "too far behind: the newest \(report.dialogs) dialogs; " : ""
        // What went to the server first, when anything did.
        let sent = [(report.sent, "sent"), (report.notSent, "refused by the server"), (report.operations, "changes sent")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        printLine((sent.isEmpty ? "" : sent.joined(separator: ", ") + "; ") + start
            + "\(report.newMessages) new messages, \(report.edits) edits, \(report.deletions) deletions, \(report.readStates) read states, "
            + "\(report.users) users in \(report.differences) difference\(report.differences == 1 ? "" : "s")" + (report.state.map { "; pts \($0.pts)" } ?? ""))
    }
}
