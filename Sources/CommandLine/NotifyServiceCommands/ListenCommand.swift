import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import FoundationEssentials
import NotificationService

/// `notify-service listen`: answers the desktop's clicks and replies for notify-service's posts.
public struct ListenCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Answer the actions of the desktop notifications posted (started by the first post).",
        discussion: """
        One per container (it holds desktop-notifications/listener.lock; a second exits at once). \
        "Open" runs `main open tg://localpeer?…` when main runs, else the configured terminal with \
        `main run --open …`; an inline reply goes to main as a message request, once. Exits when \
        none of the notifications posted is open any more, after --idle seconds without a signal, \
        or when the session bus goes away.
        """)

    @OptionGroup public var options: ContainerOptions
    @Option(parsing: .unconditional, help: "Seconds without a signal before exiting.") public var idle: Double = 3600
    @Option(parsing: .unconditional, help: "Seconds to wait, with no notification open, before exiting.") public var grace: Double = 5

    public init() {}

    public func validate() throws {
        guard idle.isFinite, idle > 0, grace.isFinite, grace >= 0 else { throw ValidationError("--idle must be more than 0 and --grace at least 0") }
    }

    public func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let bootstrap = try ExtensionBootstrap(identity: .notifyService, containerFlag: options.container,
                                               environment: environment, account: .deferred)
        defer { bootstrap.finish() }
        let listener = DesktopActionListener(layout: bootstrap.layout, deviceKey: bootstrap.deviceKey,
                                             environment: environment, logger: bootstrap.logger)
        do {
            let ending = try listener.run(.init(idleSeconds: idle, graceSeconds: grace))
            bootstrap.logger.info("desktop listener ended", metadata: ["why": "\(ending.rawValue)"])
        } catch {
            StandardStreams.writeError("notify-service listen: the desktop is unavailable: \(error.detail)")
            throw ExitCode(1)
        }
    }
}
