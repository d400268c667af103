import AppCore
import Bootstrap
import CommandLineSupport
import Container
import FoundationEssentials

/// Launches main read-only for one command and always ends the launch cleanly; a read-only
/// launch works beside a running `main run`.
func withReadingApp<T>(_ options: ContainerOptions, _ body: (LaunchedApp) throws -> T) throws -> T {
    let app = try AppLauncher.launch(LaunchOptions(mode: .reader, containerFlag: options.container, environment: currentEnvironment()))
    defer { app.finish() }
    return try body(app)
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
