// The `broadcast` executable: thin by design; the bootstrap and commands live in the modules.
import ArgumentParser
import Bootstrap
import Container

struct BroadcastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "broadcast",
        abstract: "Screen broadcast upload extension.",
        discussion: "Runs as a separate process sharing the app-group container with main; it opens the databases read-only.",
        subcommands: [BootstrapCommand.self])
}

CommandMain.runSynchronously(BroadcastCommand.self, identity: .broadcast)
