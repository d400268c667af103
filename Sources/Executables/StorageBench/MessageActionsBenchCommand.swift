import AppCore
import ArgumentParser
import CommandLineSupport
import Container
import Formats
import Messaging
import FoundationEssentials
import Storage

/// `storage-bench message-actions`: main's edits and deletions timed inside one process.
struct MessageActionsBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message-actions",
        abstract: "Time edits and deletions applied by main, inside one process (budget: Benchmarks/budgets.toml).",
        discussion: """
        Launches as main does to write (the writer lock taken, so no `main run` may be running), \
        then, in the chat --peer (default: the top of the chat list, the fixture's big chat), \
        edits the account's newest --edits messages and deletes the next --deletions (for me) \
        through MessageActions, one durable transaction each, as the interface's `e` and `d` do. \
        Reports each action's median, p90 and max in milliseconds. It changes the chat: a \
        measuring tool for Scripts/bench, run on its fixture.
        """)

    @OptionGroup var options: ContainerOptions
    @Option(help: "The chat (a peer id, as `main chats` prints it; default: the top of the chat list).") var peer: Int64?
    @Option(help: "Messages edited.") var edits = 50
    @Option(help: "Messages deleted, after the edited ones.") var deletions = 50
    @Flag(help: "Print JSON instead of text.") var json = false

    func validate() throws {
        guard (1...10_000).contains(edits) else { throw ValidationError("--edits must be between 1 and 10,000") }
        guard (1...10_000).contains(deletions) else { throw ValidationError("--deletions must be between 1 and 10,000") }
    }

    struct Report: Encodable {
        let accountId: String
        let peerId: Int64
        /// The chat's newest message id before the bench (the fixture's ids run 1...N: its size).
        let chatTopMessageId: Int32
        let edits: ReadTimings.Summary
        let deletions: ReadTimings.Summary
        let editCount: Int
        let deletionCount: Int
    }

    func run() throws {
        let app = try AppLauncher.launch(LaunchOptions(mode: .writer, containerFlag: options.container,
                                                       environment: ProcessInfo.processInfo.environment))
        defer { app.finish() }
        guard let account = app.account else {
            throw ValidationError("no current account in the container (create one with `main login`)")
        }
        let targets = try MessageActionTargets.find(in: account.postbox, peer: peer.map(PeerId.init),
                                                    count: edits + deletions)
        let actions = MessageActions(postbox: account.postbox)
        var editMs: [Double] = [], deleteMs: [Double] = []
        for message in targets.messages.prefix(edits) {
            // A realistic edit: the text kept, a word added (the search index sees both).
            let text = message.text + " (fixed)"
            let start = Clock.monotonicNanoseconds()
            try actions.edit(message.id, text: text)
            editMs.append(Clock.milliseconds(since: start))
        }
        for message in targets.messages.dropFirst(edits) {
            let start = Clock.monotonicNanoseconds()
            try actions.delete([message.id], scope: .forMe)
            deleteMs.append(Clock.milliseconds(since: start))
        }
        let report = Report(accountId: String(account.record.id), peerId: targets.peerId.toInt64(),
                            chatTopMessageId: targets.topMessageId, edits: ReadTimings.Summary(editMs),
                            deletions: ReadTimings.Summary(deleteMs), editCount: editMs.count, deletionCount: deleteMs.count)
        if json {
            StandardStreams.writeJSON(try JSONFile.text(report))
        } else {
            StandardStreams.writeLines([
                "chat \(report.peerId) (newest id \(report.chatTopMessageId)), one durable transaction each:",
                "  \(editMs.count) edits      median \(Milliseconds.text(report.edits.median)) ms  p90 \(Milliseconds.text(report.edits.p90)) ms  max \(Milliseconds.text(report.edits.max)) ms",
                "  \(deleteMs.count) deletions  median \(Milliseconds.text(report.deletions.median)) ms  p90 \(Milliseconds.text(report.deletions.p90)) ms  max \(Milliseconds.text(report.deletions.max)) ms",
            ])
        }
    }
}
