// The `widget` executable: thin by design; the bootstrap and commands live in the modules.
import CommandLineSupport
import Container
import WidgetCommands

CommandMain.runSynchronously(WidgetCommand.self, identity: .widget)
