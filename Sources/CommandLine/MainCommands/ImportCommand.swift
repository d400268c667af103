import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import Formats
import Ingest
import RequestChannel
import TelegramCore
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
        export of the same account adds only what is new. Exports of every Telegram Desktop \
        version since 2018 import the same way: their older id forms are mapped to the same \
        peers, a group's history from before it became a supergroup keeps its negative ids, and \
        dates written without a Unix time (before mid-2022) are read in --time-zone (default: \
        this machine's zone). Messages are written in batches: an interrupted import keeps the \
        batches it finished and can simply be run again.

        Everything a message carries is kept: replies, forwards, edits, reactions, polls, \
        contacts, places, checklists, bot buttons, signatures, service actions. Media the export \
        includes is copied into the account's MediaBox; media it left out, or names but no longer \
        has, is kept as a placeholder with its name and size, and missing files are counted. \
        Contacts who are not on Telegram join the device's contacts. A single-chat export does \
        not say who made it: a one-to-one chat's other sender is taken as you, and for a group \
        --me says who you are. Every field the import did not keep is counted by name in the \
        report; a file that is not an export, is cut short or holds wrong values stops the import \
        with the byte offset where it went wrong, keeping only the batches written before.

        An export has no unread counts, pins or mutes: imported chats are read, unpinned and not \
        muted (chats already pinned or muted stay as they were). Chats you left (the export's \
        left chats) keep their history but stay out of the chat list, the widget, the share sheet \
        and a search over all chats, as in Telegram; a newer export that lists one again brings \
        it back. Your profile picture and the groups' and channels' photos become avatars.

          main import telegram-export ~/Downloads/DataExport_2024-05-01
          main import telegram-export ./ChatExport_2024-05-01/result.json --json
        """)

    @OptionGroup var options: ContainerOptions
    @Argument(help: "The export's folder, or its result.json.") var path: String
    @Option(parsing: .unconditional, help: "The account id (default: the current account).") var account: Int64?
    @Option(name: .customLong("batch-size"), parsing: .unconditional, help: ArgumentHelp("Messages per write transaction.", visibility: .hidden))
    var batchSize = 20_000
    @Option(name: .customLong("time-zone"), help: ArgumentHelp(
        "Where the export was made, for exports before mid-2022 that write local times only: an IANA name (Europe/Berlin), UTC or an offset (+03:00). Default: this machine's zone.",
        valueName: "zone"))
    var timeZone: String?
    @Option(help: ArgumentHelp("Who made a single-chat export: your user id (123 or user123) or your name as the export shows it. Without it, your messages in a group's export show as incoming.", valueName: "name-or-id"))
    var me: String?
    @Flag(help: "Print the report as JSON (no progress bar).") var json = false

    func validate() throws {
        guard (1...1_000_000).contains(batchSize) else { throw ValidationError("--batch-size must be between 1 and 1,000,000") }
        if let timeZone {
            do { _ = try ZoneInfo.named(timeZone) } catch { throw ValidationError("--time-zone: \(error)") }
        }
        if let me, TelegramExportImport.Exporter(me) == nil { throw ValidationError("--me needs your user id or your name") }
    }

    func run() throws {
        // Relative paths mean what they mean here, whichever process applies the import.
        // The zone is this process's: the app that applies the import may run elsewhere.
        let zone = timeZone ?? ZoneInfo.local().name
        let operation = MainOperation.importTelegramExport(ImportRequest(path: FileSystem.absolutePath(path), accountId: account,
                                                                         batchSize: batchSize, timeZone: zone, me: me))
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
            "imported \(report.chats) chats and \(report.messages) messages (\(report.messagesAdded) new, \(report.messagesUpdated) changed, \(report.messagesUnchanged) unchanged) in \(DurationText.text(seconds: report.seconds)) (\(report.messagesPerSecond) messages/s)",
            "\(count(report.contacts, "contact")), \(report.mediaFiles) media files and \(report.thumbnails) thumbnails copied, \(report.mediaLeftOut) left out by the export (kept as placeholders), \(report.avatars) avatars",
        ]
        if report.deviceContacts > 0 {
            lines.append("\(count(report.deviceContacts, "contact")) not on Telegram: added to the device's contacts (where Siri finds people)")
        }
        if report.missingFiles > 0 {
            let names = report.missingFileNames.joined(separator: ", ")
            let more = report.missingFiles > report.missingFileNames.count ? ", …" : ""
            lines.append("\(count(report.missingFiles, "file")) named in the export \(report.missingFiles == 1 ? "is" : "are") missing: \(names)\(more) (kept as placeholders with their names and sizes)")
        }
        if report.duplicateMessages > 0 {
            lines.append("\(count(report.duplicateMessages, "message")) \(report.duplicateMessages == 1 ? "appears" : "appear") twice in this export; the later one is kept")
        }
        if report.localDates > 0 {
            lines.append("dates of \(count(report.localDates, "message")) were read as \(report.timeZone) time (the export wrote local times; --time-zone sets where it was made)")
        }
        if let phone = report.exportPhoneNotKept {
            lines.append("the export's phone number, \(phone), is not this account's: the account keeps its own (an import never changes who the account is)")
        }
        if report.exporterUnknown {
            lines.append("who made this export is unknown: every message is shown as incoming; import it again with --me YOUR-NAME or --me YOUR-ID to show yours as sent")
        }
        if report.leftChats == 1 { lines.append("1 chat you left: its history is kept, out of the chat list (as in Telegram)") }
        if report.leftChats > 1 { lines.append("\(report.leftChats) chats you left: their history is kept, out of the chat list (as in Telegram)") }
        if report.avatarsSkipped > 0 { lines.append("\(report.avatarsSkipped) photos are neither PNG nor JPEG: stored, not made avatars") }
        if report.unsupportedMessages > 0 { lines.append("\(report.unsupportedMessages) messages the export marks unsupported were skipped") }
        if !report.fieldsNotKept.isEmpty {
            let total = report.fieldsNotKept.values.reduce(0, +)
            let names = report.fieldsNotKept.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) (\($0.value))" }
            lines.append("did not keep \(count(total, "field")): \(names.joined(separator: ", "))")
        }
        return lines
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
