import AppCore
import Bootstrap
import CommandLineSupport
import Container
import FoundationEssentials

/// Launches main for one command and always ends the launch cleanly. Inside the running app (a
/// command handed over by another process) the running app itself is used. When another main
/// holds the writer lock, a writing command is handed to it through the request channel, and
/// its output and exit status become this process's.
func withLaunchedApp<T>(_ options: ContainerOptions, mode: LaunchMode, _ body: (LaunchedApp) throws -> T) throws -> T {
    if let running = RunningApp.current { return try body(running) }
    let launch = { try AppLauncher.launch(LaunchOptions(mode: mode, containerFlag: options.container, environment: currentEnvironment())) }
    let app: LaunchedApp
    do {
        app = try launch()
    } catch let held as WriterLockHeld where mode == .writer {
        // Returns only when the running app stopped before taking the command: launch after all.
        try CommandHandOff.handToRunningApp(options, refusal: held)
        app = try launch()
    }
    defer { app.finish() }
    let result = try body(app)
    // What the widget shows may have changed (a message, a read mark, a pin, a switch, a lock).
    if mode == .writer { app.publishWidgetData() }
    return result
}


/// A secret read from standard input: the first line, without its newline. Never from argv,
/// where other users could read it in the process list.
func readSecretLine(_ what: String) throws -> String {
    guard let line = CommandInput.readLine(), !line.isEmpty else {
        throw AccountLifecycle.Failure(description: "expected the \(what) on standard input")
    }
    return line
}

/// One line for people (control characters escaped; see StandardStreams).
func printLine(_ text: String) {
    StandardStreams.writeLine(text)
}

func printLines(_ lines: [String]) {
    StandardStreams.writeLines(lines)
}

/// `--json` output.
func printJSON(_ json: String) {
    StandardStreams.writeJSON(json)
}

func currentEnvironment() -> [String: String] { ProcessInfo.processInfo.environment }
