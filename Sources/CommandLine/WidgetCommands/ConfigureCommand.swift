import ArgumentParser
import CommandLineSupport
import WidgetKitWidget

/// `widget configure`: the widget's "Edit Widget" sheet — which chats it shows.
public struct ConfigureCommand: DirectlyParsable {
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
    public var select: [String] = Self.defaults.select
    @Flag(help: "Forget the chosen chats: the widget shows the top of the chat list again.") public var clear = Self.defaults.clear
    @Flag(help: "Print JSON (see above).") public var json = Self.defaults.json

    public init() {}

    public var parameters: ConfigureParameters {
        .init { $0.container = options.container; $0.query = query; $0.select = select; $0.clear = clear; $0.json = json }
    }
}
