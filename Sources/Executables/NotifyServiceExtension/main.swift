// The `notify-service` executable: thin by design; the bootstrap and commands live in the modules.
import ArgumentParser
import Bootstrap
import Container

struct NotifyServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify-service",
        abstract: "Notification service extension: decrypts and enriches pushes.",
        discussion: "Runs as a separate process sharing the app-group container with main; it opens the databases read-only.",
        subcommands: [BootstrapCommand.self])
}

await CommandMain.run(NotifyServiceCommand.self, identity: .notifyService)
