import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import TelegramCore
import WidgetKitWidget

/// `widget configure`'s parameters and work.
public struct ConfigureParameters: ContainerParameters {
    public var container: String?
    public var query: String?
    public var select: [String] = []
    public var clear = false
    public var json = false

    public init() {}

    /// `--select` (several values) is left to ArgumentParser: a person's edit, not a refresh.
    public static var syntax: DirectSyntax<Self> {
        [.container, .option("--query", \.query), .leftToArgumentParser("--select"), .flag("--clear", \.clear), .flag("--json", \.json)]
    }

    public func validate() throws {
        guard select.isEmpty || !clear else { throw ValidationError("give --select or --clear, not both") }
        guard query == nil || (select.isEmpty && !clear) else { throw ValidationError("--query lists chats; it goes without --select and --clear") }
    }

    public func run() throws {
        do {
            let session = try WidgetSession(containerFlag: container)
            defer { session.finish() }
            // Fail-closed, before any account is looked at.
            guard !session.isLocked() else { throw WidgetFailure.editingLocked }
            let (record, engine) = try session.openCurrentAccount()
            if clear {
                _ = try WidgetSelection.clear(session.layout)
                try output(SelectionReport(status: "cleared", accountId: String(record.id), peers: []),
                           lines: ["the widget shows the top of the chat list again"])
            } else if !select.isEmpty {
                let (peers, own) = (try WidgetSelection.resolve(select, in: engine.peers), try engine.peers.accountPeerId())
                guard !session.isLocked() else { throw WidgetFailure.editingLocked }
                try WidgetSelection.save(peers, accountId: record.id, layout: session.layout)
                let chosen = peers.map {
                    SelectionReport.Chosen(peerId: $0.id.toInt64(), title: $0.id == own ? WidgetChatText.savedMessages : $0.displayTitle)
                }
                try output(SelectionReport(status: "selected", accountId: String(record.id), peers: chosen),
                           lines: ["the widget shows: " + chosen.map { "\($0.title) (\($0.peerId))" }.joined(separator: ", "),
                                   "main publishes them after its next change (within a second while `main run` runs)"])
            } else {
                let listing = try ConfigurationListing.make(record: record, engine: engine, deviceKey: session.bootstrap.deviceKey,
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
