// The `intents` executable: thin by design; the bootstrap and commands live in the modules.
import CommandLineSupport
import Container
import IntentsCommands

CommandMain.runSynchronously(IntentsCommand.self, identity: .intents)
