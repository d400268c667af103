import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import TelegramCore
#if canImport(Glibc)
import Glibc
#endif

/// What `main open` opened.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open one of the app's links: a chat by username or by peer id.",
        discussion: """
        Links: tg://resolve?domain=<username>, https://t.me/<username>, \
        tg://localpeer?id=<peer id>[&accountId=<account id>] (the widget's link). The scheme is the \
        build configuration's appSpecificUrlScheme (tg by default). With `main run` running, the \
        running app opens it: its interface shows the chat. Without one, on a terminal (the desktop \
        entry's Terminal=true, `main URL`), it starts the app's interface at that chat (as `main run \
        --open URL`); off a terminal, or with --json, it resolves the link and prints the chat.
        """)

    @OptionGroup var options: ContainerOptions
    @Argument(help: "The link.") var url: String
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        // The desktop's launch (`xdg-open tg://…` through the entry) runs in a terminal: the
        // interface at that chat, or the running app's, as `main run --open` decides.
        if !json, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            let run = try RunCommand.parse(["--open", url] + (options.container.map { ["--container", $0] } ?? []))
            return try await run.run()
        }
        let opened = try Operations.perform(.open(url: url), options).expect("open") {
            if case .opened(let opened) = $0 { return opened } else { return nil }
        }
        json ? printJSON(try JSONFile.text(opened)) : printLine(Self.line(opened))
    }

    static func line(_ opened: OpenedLink) -> String { "opened chat \(opened.title) (\(opened.peerId))" }
}
