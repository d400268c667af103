// The `share` executable: thin by design; the bootstrap and commands live in the modules.
import ArgumentParser
import Bootstrap
import Container

struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share extension: send text, links and files to a chat.",
        discussion: "Runs as a separate process sharing the app-group container with main; it opens the databases read-only.",
        subcommands: [BootstrapCommand.self])
}

CommandMain.runSynchronously(ShareCommand.self, identity: .share)
