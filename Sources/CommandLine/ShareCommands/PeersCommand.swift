import ArgumentParser
import CommandLineSupport
import ShareExtensionContext

/// `share peers`: the share sheet's chat picker.
public struct PeersCommand: DirectlyParsable {
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
    @Flag(help: "Print JSON (see above).") public var json = Self.defaults.json

    public init() {}

    public var parameters: PeersParameters {
        .init { $0.container = options.container; $0.query = query; $0.account = account; $0.json = json }
    }
}
