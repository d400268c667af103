// The `broadcast` executable: thin by design; the bootstrap and commands live in the modules.
import CommandLineSupport
import Container
import BroadcastCommands

CommandMain.runSynchronously(BroadcastCommand.self, identity: .broadcast)
