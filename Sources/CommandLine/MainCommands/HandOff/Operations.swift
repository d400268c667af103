import AppCore
import Bootstrap
import CommandLineSupport

/// How a writing command applies its operation: in the running app when `main run` holds the
/// writer lock, otherwise in a launch of this process's own.
enum Operations {
    /// The operation's result. `progressLabel`: a bar on the terminal while a long operation
    /// runs (nil: none, as with --json). `here` runs in this process's own launch after the
    /// operation, never in the running app's (`main call start` hosts its call there).
    @discardableResult
    static func perform(_ operation: MainOperation, _ options: ContainerOptions, progressLabel: String? = nil,
                        here: ((LaunchedApp, MainOperationResult) throws -> Void)? = nil) throws -> MainOperationResult {
        let launchOptions = LaunchOptions(mode: .writer, containerFlag: options.container, environment: currentEnvironment())
        let app: LaunchedApp
        do {
            app = try AppLauncher.launch(launchOptions)
        } catch let held as WriterLockHeld {
            if let answer = try CommandHandOff.handToRunningApp(operation, options, refusal: held, progressLabel: progressLabel) {
                return try answer.get()
            }
            // The running app stopped before taking it: launch after all.
            app = try AppLauncher.launch(launchOptions)
        }
        defer { app.finish() }
        var bar = ProgressBar(label: progressLabel ?? "", enabled: progressLabel != nil)
        defer { bar.finish() }
        let result = try app.perform(operation) { done, total in bar.update(done: done, total: total) }
        // What the widget shows may have changed (a message, a read mark, a pin, a switch, a lock).
        app.publishWidgetData()
        try here?(app, result)
        return result
    }
}

extension MainOperationResult {
    /// The payload `extract` finds, or an error naming `operation` when the answer is another's.
    func expect<T>(_ operation: String, _ extract: (MainOperationResult) -> T?) throws -> T {
        guard let value = extract(self) else { throw UnexpectedResult(operation: operation) }
        return value
    }
}

/// A result that is not the one the operation gives: a mismatch between this main and the
/// running app's.
struct UnexpectedResult: Error, CustomStringConvertible {
    let operation: String
    var description: String { "the running app answered `\(operation)` with another operation's result" }
}
