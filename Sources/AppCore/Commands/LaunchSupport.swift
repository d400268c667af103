import Bootstrap
import Container
import FoundationEssentials

/// Launches main for one command and always ends the launch cleanly.
func withLaunchedApp<T>(_ options: ContainerOptions, mode: LaunchMode, _ body: (LaunchedApp) throws -> T) throws -> T {
    let app = try AppLauncher.launch(LaunchOptions(mode: mode, containerFlag: options.container,
                                                   environment: currentEnvironment()))
    defer { app.finish() }
    return try body(app)
}

/// A secret read from standard input: the first line, without its newline. Never from argv,
/// where other users could read it in the process list.
func readSecretLine(_ what: String) throws -> String {
    guard let line = readLine(strippingNewline: true), !line.isEmpty else {
        throw AccountLifecycle.Failure(description: "expected the \(what) on standard input")
    }
    return line
}

func printLine(_ text: String) {
    StandardStreams.writeLine(text)
}

func currentEnvironment() -> [String: String] { ProcessInfo.processInfo.environment }
