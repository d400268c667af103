import ArgumentParser
import Bootstrap
#if canImport(Glibc)
import Glibc
#endif

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the app: hold the writer lock and handle events until SIGINT or SIGTERM.",
        discussion: """
        Prints `ready pid=<pid>` once launched. Each line typed on standard input counts as user \
        activity (keeping auto-lock away); `quit` stops. A second `main run` is refused (exit 75).
        """)

    @OptionGroup var options: ContainerOptions
    @Option(help: "Stop by itself after this many seconds.") var duration: Double?

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
        await RunLoop.run(application, duration: duration) {
            printLine("ready pid=\(getpid()) state=\(app.context.stateName)")
        }
    }
}
