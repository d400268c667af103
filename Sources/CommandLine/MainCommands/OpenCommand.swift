import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import Storage

/// What `main open` opened.
struct OpenedLink: Codable {
    let url: String
    let accountId: String
    let peerId: Int64
    let title: String
}

/// `main open URL`: the app's URL scheme. With `main run` running the link is handed to it (as
/// iOS hands a URL to the running app); otherwise main launches with it, as the seeds'
/// URL-scheme launch does, and opens the chat.
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
        let opened = try withLaunchedApp(options, mode: .writer) { try Self.open(url, in: $0, showing: RunningApp.current === $0) }
        json ? printJSON(try JSONFile.text(opened)) : printLine("opened chat \(opened.title) (\(opened.peerId))")
    }

    /// Resolves the link in the app and, when `showing` (the running app), hands the chat to its
    /// interface.
    static func open(_ url: String, in app: LaunchedApp, showing: Bool) throws -> OpenedLink {
        let link = try AppLink.parse(url, scheme: app.shared.bindings.appSpecificScheme)
        var accountId: Int64?
        if case .localPeer(_, let linked) = link { accountId = linked }
        let context = try app.accountContext(accountId)
        let peer = try context.postbox.read { try link.resolve(in: $0) }
        app.logger.info("link opened", metadata: ["peer": "\(peer.id)"])
        if showing {
            LinkRouter.post(.init(accountId: context.record.id, peerId: peer.id.toInt64(), title: peer.displayTitle))
        }
        return OpenedLink(url: url, accountId: String(context.record.id), peerId: peer.id.toInt64(), title: peer.displayTitle)
    }
}
