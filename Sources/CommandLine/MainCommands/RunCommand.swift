import AppCore
import AppInterface
import ArgumentParser
import Bootstrap
import CommandLineSupport
import MTProtoKit
#if canImport(Glibc)
import Glibc
#endif

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the app: its interface on a terminal, or headless; hold the writer lock until it ends.",
        discussion: """
        With standard input and output on a terminal, opens the app's full-screen interface (q on \
        a root screen or Ctrl-C quits). Otherwise, or with --headless, runs without one: prints \
        `ready pid=<pid>` once launched, each line typed on standard input counts as user activity \
        (keeping auto-lock away), `quit` stops, as do SIGINT and SIGTERM. A second `main run` is \
        refused (exit 75).
        """)

    @OptionGroup var options: ContainerOptions
    @Option(parsing: .unconditional, help: "Stop by itself after this many seconds.") var duration: Double?
    @Flag(help: "No interface even on a terminal: the headless app scripts and tests drive.") var headless = false
    @Option(help: ArgumentHelp("A link to open once the interface is ready (tg://resolve?domain=…, https://t.me/…, tg://localpeer?id=…); `main URL` is this. With an app already running, the link is handed to it.", valueName: "url"))
    var open: String?
    @Option(help: "HOST:PORT of a Telegram-protocol server the login screen logs in to (with --public-key).") var server: String?
    @Option(name: .customLong("public-key"), help: "The server's RSA public key, a PEM file (repeatable). Needed with --server.")
    var publicKeys: [String] = []
    @Option(help: "The login screen logs in to Telegram's own datacenters: production or test.") var environment: DatacenterEnvironment?
    @Option(name: .customLong("api-id"), parsing: .unconditional, help: "The application id from my.telegram.org (Telegram needs one).")
    var apiId: Int32?
    @Option(name: .customLong("api-hash"), help: "The application hash from my.telegram.org.") var apiHash: String?

    func validate() throws {
        try ServerChoice.validate(server: server, publicKeys: publicKeys, timeout: 30)
        if server != nil && environment != nil { throw ValidationError("give --server or --environment, not both") }
        if environment == .custom { throw ValidationError("--environment is production or test; a custom server is --server HOST:PORT") }
    }

    func run() async throws {
        let interface = !headless && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        // Where the interface's login screen logs in (nil: it makes an offline account).
        let loginTarget = server != nil || environment != nil
            ? try ServerChoice.loginTarget(server: server, publicKeys: publicKeys, environment: environment, apiId: apiId, apiHash: apiHash,
                                           transport: .obfuscatedPadded, timeout: 30)
            : nil
        try NewContainerConfirmation.confirm(containerFlag: options.container, environment: currentEnvironment(), interactive: interface)
        let launchOptions = LaunchOptions(mode: .writer, containerFlag: options.container, environment: currentEnvironment())
        let app: LaunchedApp
        do {
            app = try AppLauncher.willFinishLaunching(launchOptions)
        } catch let held as WriterLockHeld {
            // `main URL` while the app runs: the running app opens the link (as `main open URL`).
            guard let open else { throw held }
            if let answer = try CommandHandOff.handToRunningApp(.open(url: open), options, refusal: held, progressLabel: nil) {
                let opened = try answer.get().expect("open") { if case .opened(let opened) = $0 { return opened } else { return nil } }
                return printLine(OpenCommand.line(opened))
            }
            app = try AppLauncher.willFinishLaunching(launchOptions)
        }
        defer { AppRun.finish(app) }
        // The URL-scheme launch: the link is checked now, opened once the interface is ready.
        if let open {
            if case .opened(let opened) = try app.perform(.open(url: open), inRunningApp: true) {
                app.logger.info("launched with a link", metadata: ["peer": "\(opened.peerId)"])
            }
        }
        if interface {
            let duration = self.duration
            // The app moves to the main actor for the interface's whole life and is touched here
            // again only after it returns (the deferred finish): a hand-over, not sharing. The
            // interface chooses its window and root, then finishes launching itself.
            let transfer = UncheckedTransfer(app)
            try await MainActor.run { try MainInterface.run(transfer.value, duration: duration, loginTarget: loginTarget) }
            try stopIfAWriteFailed(app)
            return
        }
        let application = try AppRun.didFinishLaunching(app)
        await RunLoop.run(application, duration: duration) {
            printLine("ready pid=\(getpid()) state=\(app.context.stateName)")
        }
        try stopIfAWriteFailed(app)
    }

    /// A store write failed with an I/O error: the app stopped writing and stopped. As
    /// PostgreSQL's postmaster starts again after a failed fsync, `main run` starts again in this
    /// process (exec), recovering from what is on the disk — at most `restartLimit` times in a row
    /// (a disk that keeps failing); then it exits 75 and says why.
    private func stopIfAWriteFailed(_ app: LaunchedApp) throws {
        guard let failure = app.shared.accountManager.writeFailure else { return }
        var environment = currentEnvironment()
        let restarts = Int(environment[Self.restartsVariable] ?? "") ?? 0
        guard restarts < Self.restartLimit else {
            throw OperationFailure(.tryAgain, "main stopped: \(failure) (it started again \(restarts) times, and the disk kept failing)")
        }
        app.logger.error("a store write failed: starting again", metadata: ["error": "\(failure)", "restarts": "\(restarts)"])
        StandardStreams.writeError("main: \(failure); starting again to recover from what is on the disk")
        // The writer lock and the temp directory go first; the new image takes them again.
        AppRun.finish(app)
        environment[Self.restartsVariable] = String(restarts + 1)
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        execve("/proc/self/exe", arguments, variables)
        throw OperationFailure(.tryAgain, "main stopped: \(failure); it could not start again (\(String(cString: strerror(errno))))")
    }

    /// How many times in a row `main run` has started again after a failed store write.
    static let restartsVariable = "TELEGRAM_MAIN_RUN_RESTARTS"
    static let restartLimit = 3
}

/// A value handed to another isolation domain whole, the sender not touching it meanwhile.
struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
