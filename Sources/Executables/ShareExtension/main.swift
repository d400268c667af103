// The `share` executable: thin by design; the bootstrap and commands live in the modules.
import CommandLineSupport
import Container
import ShareCommands

CommandMain.runSynchronously(ShareCommand.self, identity: .share)
