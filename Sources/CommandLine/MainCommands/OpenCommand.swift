import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import Storage

/// What `main open` opened.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open one of the app's links: a chat by username or by peer id.",
        discussion: """
        Links: tg://resolve?domain=<username>, https://t.me/<username>, \
        tg://localpeer?id=<peer id>[&accountId=<account id>] (the widget's link). The scheme is the \
        build configuration's appSpecificUrlScheme (tg by default). With `main run` running, the \
        running app opens it: its interface shows the chat. `main URL` on a terminal launches the \
        app's interface with the link (as `main run --open URL`).
        """)

    @OptionGroup var options: ContainerOptions
    @Argument(help: "The link.") var url: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let opened = try Operations.perform(.open(url: url), options).expect("open") {
            if case .opened(let opened) = $0 { return opened } else { return nil }
        }
        json ? printJSON(try JSONFile.text(opened)) : printLine(Self.line(opened))
    }

    static func line(_ opened: OpenedLink) -> String { "opened chat \(opened.title) (\(opened.peerId))" }
}
