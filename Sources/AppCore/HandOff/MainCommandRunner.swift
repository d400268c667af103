import ArgumentParser
import Bootstrap
import Container
#if canImport(Glibc)
import Glibc
#endif

/// What a handed-over command printed and how it ended.
public struct HandedOverResult: Sendable {
    public var output: String
    public var errors: String
    public var exitStatus: Int32
}

/// How a handed-over command went: finished on the app's thread, or started on a thread of its
/// own (a BackgroundCommand, whose answer comes when it ends).
enum HandedOverOutcome {
    case finished(HandedOverResult)
    case background(BackgroundCommand)
}

/// Runs one of main's commands inside the running app, for another process: its output is
/// captured instead of printed, its standard input is the lines the other process read, and it
/// uses the running app instead of launching. `run` itself is not handed over.
enum MainCommandRunner {
    static func run(_ arguments: [String], input: [String], workingDirectory: String) -> HandedOverOutcome {
        let capture = StandardStreams.Capture()
        StandardStreams.capture = capture
        CommandInput.replay = input
        // Relative paths in the arguments (a file to import) mean what they meant to the issuer.
        let ownDirectory = FileSystem.currentDirectory()
        let moved = chdir(workingDirectory) == 0
        defer {
            if moved { _ = chdir(ownDirectory) }
            StandardStreams.capture = nil
            CommandInput.replay = nil
        }
        do {
            var command = try MainCommand.parseAsRoot(arguments)
            guard !(command is AsyncParsableCommand) else {
                throw ValidationError("`main \(arguments.first ?? "")` cannot be handed to the running app")
            }
            // A long command runs beside the app's events; what it names is resolved here, in the
            // issuer's directory.
            if let long = command as? BackgroundRunnable, let app = RunningApp.current {
                return .background(try long.prepareInBackground(app))
            }
            try command.run()
            return .finished(HandedOverResult(output: capture.output, errors: capture.errors, exitStatus: 0))
        } catch {
            return .finished(failure(error, output: capture.output, errors: capture.errors))
        }
    }

    /// A command's error as the process that handed it over reports it: the message on standard
    /// error (raw: the issuer escapes what it relays, and help text keeps its lines) and the exit
    /// status the command would have exited with.
    static func failure(_ error: any Error, output: String = "", errors: String = "") -> HandedOverResult {
        var result = HandedOverResult(output: output, errors: errors, exitStatus: 0)
        switch error {
        case let code as ExitCode:
            result.exitStatus = code.rawValue
        case let custom as ExitStatusProviding:
            result.errors += "error: \(custom)\n"
            result.exitStatus = custom.exitStatus
        default:
            let message = MainCommand.message(for: error)
            result.exitStatus = MainCommand.exitCode(for: error).rawValue
            if !message.isEmpty { result.errors += (result.exitStatus == 0 ? message : "error: \(message)") + "\n" }
            if result.exitStatus == 0 && !(error is CleanExit) { result.exitStatus = 1 }
        }
        return result
    }
}
