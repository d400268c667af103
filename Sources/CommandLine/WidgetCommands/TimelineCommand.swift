import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import WidgetKitWidget

/// `widget timeline`: what WidgetKit would get from Telegram's timeline provider.
public struct TimelineCommand: ParsableCommand {
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
    public var family: WidgetPicture.Family = .medium
    @Flag(help: "Print JSON (see above).") public var json = false

    public init() {}

    public func run() throws {
        let session = try WidgetSession(containerFlag: options.container)
        defer { session.finish() }
        let timeline = WidgetTimelineSource.load(session, family: family)
        session.bootstrap.logger.info("timeline", metadata: ["state": "\(timeline.state.rawValue)", "family": "\(family.rawValue)"])
        json ? StandardStreams.writeJSON(try JSONFile.text(timeline)) : StandardStreams.writeLines(timeline.lines)
    }
}

extension TimelineCommand: DirectlyParsable {
    public static func directParse(_ arguments: inout DirectArguments) throws(DirectArguments.Decline) -> Self {
        var command = Self()
        command.options = try ContainerOptions.directParse(&arguments)
        command.family = try arguments.option("--family") ?? .medium
        command.json = try arguments.flag("--json")
        return command
    }
}
