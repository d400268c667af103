import ArgumentParser
import CommandLineSupport
import Formats
import WidgetKitWidget

/// `widget timeline`: what WidgetKit would get from Telegram's timeline provider.
public struct TimelineCommand: DirectlyParsable {
    public static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Show what the home-screen widget shows now: its chats, or why it shows none.",
        discussion: """
        Reads only what main published for the widget (the sealed widget-data file), as \
        Telegram's widget does; no database is opened. main publishes after each of its \
        writing commands, and within a second while `main run` runs.

        A family shows \(WidgetPicture.Family.small.chatCount) chat (small), \
        \(WidgetPicture.Family.medium.chatCount) (medium) or up to \(WidgetPicture.Family.large.chatCount) \
        (large): the chats chosen with `widget configure --select`, else the top of the chat \
        list. Each chat has its unread badge, its last message and the link that opens it \
        (<scheme>://localpeer?id=<peerId>&accountId=<accountId>; the small widget opens the \
        app: <scheme>://). The scheme is the build configuration's appSpecificUrlScheme (tg).

        States (always exit 0):
          chats   the chats.
          empty   nothing to show; "reason" says why: noAccount, noData (not
                  published yet), unreadable (corrupt, or sealed with another
                  device's key), otherAccount (not the current account's),
                  noChats, stale (main confirms the data at least hourly while
                  it runs; not confirmed for 7 days, or dated in the future).
          locked  the app is locked with a passcode: only the placeholder
                  "Unlock the app to use the widget", nothing else.

        --json prints one object:
          {"state", "reason"?, "detail"?, "family", "accountId"?,
           "accountPeerId"?, "entries": [{"date", "text"?, "updated"?,
           "chats"?: [chat]}]}
          chat: {"peerId", "kind", "title", "letters", "gradientIndex",
                 "avatarPath", "savedMessages", "badge": {"count", "muted"}|null,
                 "message": {"author", "text", "content", "timestamp",
                 "time"}|null, "link"}

        Examples:
          widget timeline
          widget timeline --family large --json
        """)

    @OptionGroup public var options: ContainerOptions
    @Option(help: ArgumentHelp("The widget's size: small, medium or large.", valueName: "family"))
    public var family: WidgetPicture.Family = Self.defaults.family
    @Flag(help: "Print JSON (see above).") public var json = Self.defaults.json

    public init() {}

    public var parameters: TimelineParameters {
        .init { $0.container = options.container; $0.family = family; $0.json = json }
    }
}
