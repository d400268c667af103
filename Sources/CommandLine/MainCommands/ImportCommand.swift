import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import RequestChannel
import Ingest
import Storage
import TelegramExport

/// `main import`: data from elsewhere into an account.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import data from elsewhere into an account.",
        subcommands: [ImportTelegramExportCommand.self])
}

/// `main import telegram-export PATH`: a Telegram Desktop JSON export into the account's Postbox.
struct ImportTelegramExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "telegram-export",
        abstract: "Import a Telegram Desktop export (JSON): chats, messages, contacts, media, avatars.",
        discussion: """
        In Telegram Desktop: Settings → Advanced → Export Telegram data, choose the chats and \
        media you want and "Format: Machine-readable JSON". PATH is the folder it wrote \
        (DataExport_…) or its result.json; a single chat's export (the chat's ⋮ menu → Export chat \
        history, JSON) works the same way.

        The export's own user (its personal information) becomes this account: your messages \
        are the account's outgoing messages, your Saved Messages the account's, and the account \
        takes the export's name. An account keeps the user it was first imported from, so a \
        single-chat export imported later maps you too, and another person's export is refused.

        Chats keep Telegram's ids, so importing the same export again changes nothing and a newer \
        export of the same account adds only what is new. Messages are written in batches: an \
        interrupted import keeps the batches it finished and can simply be run again.

        An export has no unread counts, pins or mutes: imported chats are read, unpinned and not \
        muted (chats already pinned or muted stay as they were). Chats you left (the export's \
        left chats) keep their history but stay out of the chat list, the widget, the share sheet \
        and a search over all chats, as in Telegram; a newer export that lists one again brings \
        it back. Media the export includes is \
        copied into the account's MediaBox; media it left out is kept as a placeholder with its \
        name and size. Your profile picture and the groups' and channels' photos become avatars. \
        Fields this version does not import are skipped and counted in the report; a file that \
        is not an export, is cut short or holds wrong values stops the import with the byte \
        offset where it went wrong, keeping only the batches written before.

          main import telegram-export ~/Downloads/DataExport_2024-05-01
          main import telegram-export ./ChatExport_2024-05-01/result.json --json
        """)

    @OptionGroup var options: ContainerOptions
    @Argument(help: "The export's folder, or its result.json.") var path: String
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
    @Option(name: .customLong("batch-size"), help: ArgumentHelp("Messages per write transaction.", visibility: .hidden))
    var batchSize = 20_000
    @Flag(help: "Print the report as JSON (no progress bar).") var json = false

    func validate() throws {
        guard (1...1_000_000).contains(batchSize) else { throw ValidationError("--batch-size must be between 1 and 1,000,000") }
    }

    /// Seconds to the hundredth, as a person reads them.
    static func seconds(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    func run() throws {
        // Relative paths mean what they mean here, whichever process applies the import.
        let operation = MainOperation.importTelegramExport(path: FileSystem.absolutePath(path), accountId: account, batchSize: batchSize)
        let report = try Operations.perform(operation, options, progressLabel: json ? nil : "importing").expect("import") {
            if case .imported(let report) = $0 { return report } else { return nil }
        }
        if json {
            printJSON(try JSONFile.text(report))
        } else {
            printLines(Self.lines(report))
        }
    }

    /// The report for people.
    static func lines(_ report: TelegramExportImport.Report) -> [String] {
        var lines = [
            "imported \(report.chats) chats and \(report.messages) messages (\(report.messagesAdded) new, \(report.messagesUpdated) changed, \(report.messagesUnchanged) unchanged) in \(seconds(report.seconds)) s (\(report.messagesPerSecond) messages/s)",
            "\(report.contacts) contacts, \(report.mediaFiles) media files and \(report.thumbnails) thumbnails copied, \(report.mediaLeftOut) left out by the export (kept as placeholders), \(report.avatars) avatars",
        ]
        if report.leftChats == 1 { lines.append("1 chat you left: its history is kept, out of the chat list (as in Telegram)") }
        if report.leftChats > 1 { lines.append("\(report.leftChats) chats you left: their history is kept, out of the chat list (as in Telegram)") }
        if report.avatarsSkipped > 0 { lines.append("\(report.avatarsSkipped) photos are neither PNG nor JPEG: stored, not made avatars") }
        if report.unsupportedMessages > 0 { lines.append("\(report.unsupportedMessages) messages the export marks unsupported were skipped") }
        if !report.unknownFields.isEmpty {
            let total = report.unknownFields.values.reduce(0, +)
            let names = report.unknownFields.sorted { $0.value > $1.value }.prefix(8).map { "\($0.key) (\($0.value))" }
            lines.append("skipped \(total) fields this version does not import: \(names.joined(separator: ", "))")
        }
        return lines
    }
}
