import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import ShareExtensionContext

/// `share peers`: the share sheet's chat picker.
public struct PeersCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "peers",
        abstract: "List the chats a share can go to: recent chats, or a search.",
        discussion: """
        Without --query: the top \(PeerPickerListing.recentCount) chats of the chat list, pinned \
        first, then the most recent. With --query: up to \(PeerPickerListing.searchLimit) chats \
        whose name words or username start with the query's words. Secret chats and deleted \
        accounts are left out (they cannot be shared to). When several accounts are logged \
        in they are listed too, the app's current one marked; --account picks the one whose \
        chats are listed. The peer ids shown are what `share --to` takes. The databases are \
        opened read-only.

        When the app is locked with a passcode nothing is listed.

        Exit status: 0 listed; 1 locked, no account or another error; 64 usage error.

        --json prints one object:
          {"status": "ok", "accountId", "query": string or null,
           "accounts": [{"id", "peerId", "name", "current", "selected"}],
           "peers": [{"peerId", "kind", "title", "username", "pinned"}]}
        or {"status": "locked" | "noAccount" | "error", "error": the message}.
        """)

    @OptionGroup public var options: ContainerOptions
    @Option(help: "Search chats by name or username.") public var query: String?
    @Option(parsing: .unconditional, help: "The account whose chats to list (default: the current account).") public var account: Int64?
    @Flag(help: "Print JSON (see above).") public var json = false

    public init() {}

    public func run() throws {
        do {
            let session = try ShareSession(containerFlag: options.container, account: account)
            defer { session.finish() }
            let listing = try PeerPickerListing.make(session, query: query)
            try session.requireUnlocked()
            json ? StandardStreams.writeJSON(try JSONFile.text(listing)) : StandardStreams.writeLines(listing.lines)
        } catch {
            let failure = error as? ShareFailure ?? ShareFailure("error", "\(error)")
            if json { StandardStreams.writeJSON(try JSONFile.text(ShareOutcome.failed(failure))) }
            throw failure
        }
    }
}

extension PeersCommand: DirectlyParsable {
    public static func directParse(_ arguments: inout DirectArguments) throws(DirectArguments.Decline) -> Self {
        var command = Self()
        command.options = try ContainerOptions.directParse(&arguments)
        command.query = try arguments.option("--query")
        // --account parses .unconditional in ArgumentParser (a negative id is a value); here a
        // value starting with "-" declines instead, so the two cannot disagree.
        command.account = try arguments.option("--account")
        command.json = try arguments.flag("--json")
        return command
    }
}
