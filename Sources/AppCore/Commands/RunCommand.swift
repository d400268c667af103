import ArgumentParser
import Bootstrap
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
    @Option(help: "Stop by itself after this many seconds.") var duration: Double?
    @Flag(help: "No interface even on a terminal: the headless app scripts and tests drive.") var headless = false

    func run() async throws {
        let app = try AppLauncher.launch(LaunchOptions(mode: .writer, containerFlag: options.container,
                                                       environment: currentEnvironment()))
        defer {
            RunningApp.current = nil
            app.finish()
        }
        // Writing commands other processes issue from now on are handed to this app.
        RunningApp.current = app
        app.requests?.commandRunner = { MainCommandRunner.run($0, input: $1, workingDirectory: $2) }
        let application = Application(app: app)
        if !headless, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, let interface = InterfaceHost.runner {
            let duration = self.duration
            // The app moves to the main actor for the interface's whole life and is touched here
            // again only after it returns (the deferred finish): a hand-over, not sharing.
            let transfer = UncheckedTransfer(application)
            try await MainActor.run { try interface(transfer.value, duration) }
            return
        }
        await RunLoop.run(application, duration: duration) {
            printLine("ready pid=\(getpid()) state=\(app.context.stateName)")
        }
    }
}

/// A value handed to another isolation domain whole, the sender not touching it meanwhile.
struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
