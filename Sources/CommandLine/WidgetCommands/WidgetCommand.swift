import ArgumentParser
import CommandLineSupport

/// `widget`: the executable's root, its subcommands and their help.
public struct WidgetCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "widget",
        abstract: "Home-screen widget extension: recent chats.",
        discussion: """
        Runs as a separate process sharing the app-group container with main. The timeline reads \
        only what main published for it (widget-data); configure opens the Postbox read-only. \
        Without a subcommand it prints the timeline:

          widget timeline --family large           the chats the widget shows now
          widget configure --select 1000003        choose the chats it shows
          widget render --out widget.png           draw it as on the home screen
        """,
        subcommands: [TimelineCommand.self, ConfigureCommand.self, RenderCommand.self, BootstrapCommand.self],
        defaultSubcommand: TimelineCommand.self)

    public init() {}
}
