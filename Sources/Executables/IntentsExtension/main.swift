// The `intents` executable: thin by design; the bootstrap and commands live in the modules.
import ArgumentParser
import Bootstrap
import Container

struct IntentsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intents",
        abstract: "Siri intents extension: messages and calls by voice.",
        discussion: "Runs as a separate process sharing the app-group container with main; it opens the databases read-only.",
        subcommands: [BootstrapCommand.self])
}

CommandMain.runSynchronously(IntentsCommand.self, identity: .intents)
