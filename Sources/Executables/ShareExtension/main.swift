// The `share` executable: thin by design; the bootstrap and commands live in the modules.
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import ShareCommands
import ShareExtensionContext

struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
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
}

CommandMain.runSynchronously(ShareCommand.self, identity: .share)
