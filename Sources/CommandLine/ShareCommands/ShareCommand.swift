import ArgumentParser
import CommandLineSupport

/// `share`: the executable's root, its subcommands and their help.
public struct ShareCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share extension: send text, links and files to a chat.",
        discussion: """
        Runs as a separate process sharing the app-group container with main; it opens the \
        databases read-only and asks main to send. Without a subcommand it sends:

          share peers --query anna                 find the chat's peer id
          share --to 1000003 --text "hello"        send (same as `share send ...`)

        `share send --help` has the limits and exit statuses.
        """,
        subcommands: [SendCommand.self, PeersCommand.self, BootstrapCommand.self],
        defaultSubcommand: SendCommand.self)

    public init() {}
}
