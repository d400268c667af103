import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import Storage
import WidgetKitWidget

/// What `configure --select` and `--clear` did, for `--json`.
struct SelectionReport: Encodable {
    struct Chosen: Encodable {
        let peerId: Int64
        let title: String
    }

    let status: String
    let accountId: String
    let peers: [Chosen]
}

/// `widget configure`: the widget's "Edit Widget" sheet — which chats it shows.
public struct ConfigureCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "configure",
        abstract: "List the chats the widget can show, or choose the ones it shows.",
        discussion: """
        Without --select: lists the chats of the current account the widget can show — the top \
        \(ConfigurationListing.recentCount) of the chat list, pinned first, or with --query up to \
        \(ConfigurationListing.searchLimit) chats whose name words or username start with the \
        query's words. Secret chats and deleted accounts are left out. Each chat comes with its \
        avatar as a PNG (the profile photo, else Telegram's letters avatar), drawn once into the \
        account's MediaBox (media/cached/). The Postbox is opened read-only.

        --select PEER... chooses the chats the widget shows (at most \(WidgetSelection.maximum); \
        PEER is a peer id, @username, phone number or name) and --clear goes back to the top of \
        the chat list. The choice is kept in the widget's own file (widget/configuration.json); \
        main publishes the chosen chats after its next writing command, or within a second \
        while `main run` runs, and `widget timeline` shows them then.

        When the app is locked with a passcode nothing is listed or changed: "Open Telegram and \
        enter passcode to edit widget." (exit 1).

        Exit status: 0 done; 1 locked, no account, no such chat or another error; 3 a name fits \
        several chats (nothing changed); 64 usage error.

        --json prints one object:
          {"status": "ok", "accountId", "query", "selection": [peerId]|null,
           "peers": [{"peerId", "identifier", "kind", "title", "pinned",
                      "avatarPath", "selected"}]}
          {"status": "selected"|"cleared", "accountId",
           "peers": [{"peerId", "title"}]}
          {"status": "locked"|"noAccount"|"notFound"|"ambiguous"|"refused"|
                     "error", "error"}

        Examples:
          widget configure --query anna
          widget configure --select 1000003 @anna_smith
          widget configure --clear
        """)

    @OptionGroup public var options: ContainerOptions
    @Option(help: "Search chats by name or username.") public var query: String?
    @Option(parsing: .upToNextOption, help: ArgumentHelp("Choose the chats the widget shows.", valueName: "peer"))
    public var select: [String] = []
    @Flag(help: "Forget the chosen chats: the widget shows the top of the chat list again.") public var clear = false
    @Flag(help: "Print JSON (see above).") public var json = false

    public init() {}

    public func validate() throws {
        guard select.isEmpty || !clear else { throw ValidationError("give --select or --clear, not both") }
        guard query == nil || (select.isEmpty && !clear) else { throw ValidationError("--query lists chats; it goes without --select and --clear") }
    }

    public func run() throws {
        do {
            let session = try WidgetSession(containerFlag: options.container)
            defer { session.finish() }
            // Fail-closed, before any account is looked at.
            guard !session.isLocked() else { throw WidgetFailure.editingLocked }
            let (record, postbox) = try session.openCurrentPostbox()
            if clear {
                _ = try WidgetSelection.clear(session.layout)
                try output(SelectionReport(status: "cleared", accountId: String(record.id), peers: []),
                           lines: ["the widget shows the top of the chat list again"])
            } else if !select.isEmpty {
                let (peers, own) = try postbox.read { t in (try WidgetSelection.resolve(select, in: t), try t.accountPeerId()) }
                guard !session.isLocked() else { throw WidgetFailure.editingLocked }
                try WidgetSelection.save(peers, accountId: record.id, layout: session.layout)
                let chosen = peers.map {
                    SelectionReport.Chosen(peerId: $0.id.toInt64(), title: $0.id == own ? WidgetChatText.savedMessages : $0.displayTitle)
                }
                try output(SelectionReport(status: "selected", accountId: String(record.id), peers: chosen),
                           lines: ["the widget shows: " + chosen.map { "\($0.title) (\($0.peerId))" }.joined(separator: ", "),
                                   "main publishes them after its next change (within a second while `main run` runs)"])
            } else {
                let listing = try ConfigurationListing.make(record: record, postbox: postbox, deviceKey: session.bootstrap.deviceKey,
                                                            query: query, selection: WidgetSelection.current(session.layout, accountId: record.id))
                // Read again at the last moment: a lock taken meanwhile still hides the list.
                guard !session.isLocked() else { throw WidgetFailure.editingLocked }
                try output(listing, lines: listing.lines)
            }
        } catch {
            let failure = error as? WidgetFailure ?? WidgetFailure("error", "\(error)")
            if json { StandardStreams.writeJSON(try JSONFile.text(ExtensionFailureReport(failure))) }
            throw failure
        }
    }

    private func output<T: Encodable>(_ value: T, lines: [String]) throws {
        json ? StandardStreams.writeJSON(try JSONFile.text(value)) : StandardStreams.writeLines(lines)
    }
}

extension ConfigureCommand: DirectlyParsable {
    /// `--select` (several values) is left to ArgumentParser: a person's edit, not a refresh.
    public static func directParse(_ arguments: inout DirectArguments) throws(DirectArguments.Decline) -> Self {
        var command = Self()
        command.options = try ContainerOptions.directParse(&arguments)
        command.query = try arguments.option("--query")
        command.select = []
        command.clear = try arguments.flag("--clear")
        command.json = try arguments.flag("--json")
        return command
    }
}
