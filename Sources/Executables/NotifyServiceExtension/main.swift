// The `notify-service` executable: thin by design; the bootstrap and commands live in the modules.
import CommandLineSupport
import Container
import NotifyServiceCommands

CommandMain.runSynchronously(NotifyServiceCommand.self, identity: .notifyService)
