// The `widget` executable: thin by design; the bootstrap and commands live in the modules.
import ArgumentParser
import Bootstrap
import Container

struct WidgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget",
        abstract: "Home-screen widget extension: recent chats.",
        discussion: "Runs as a separate process sharing the app-group container with main; it opens the databases read-only.",
        subcommands: [BootstrapCommand.self])
}

CommandMain.runSynchronously(WidgetCommand.self, identity: .widget)
