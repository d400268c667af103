import ArgumentParser
import CommandLineSupport

/// `broadcast`: the executable's root, its subcommands and their help.
public struct BroadcastCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "broadcast",
        abstract: "Screen broadcast upload extension: shares the screen into main's call.",
        discussion: """
        Runs as a separate process sharing the app-group container with main, and talks to it \
        only through files in broadcast-coordination/ (or embedded-broadcast-coordination/), \
        as Telegram's BroadcastUpload extension does; it opens no database.

          main call start --peer 1000003          in one shell: the call that receives
          broadcast start --duration 10           in another: stream for 10 seconds

        `broadcast start --help` has the protocol, the output and the exit statuses.
        """,
        subcommands: [StartCommand.self, BootstrapCommand.self])

    public init() {}
}
