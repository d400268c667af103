import ArgumentParser
import CommandLineSupport

/// `notify-service`: the executable's root, its subcommands and their help.
public struct NotifyServiceCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "notify-service",
        abstract: "Notification service extension: decrypts and enriches pushes.",
        discussion: """
        Runs as a separate process sharing the app-group container with main; it opens the \
        databases read-only. Without a subcommand it delivers one push:

          main push --peer 1000000 --text "hi" | notify-service --json
        """,
        subcommands: [DeliverCommand.self, ContentCommand.self, ListenCommand.self, BootstrapCommand.self],
        defaultSubcommand: DeliverCommand.self)

    public init() {}
}
