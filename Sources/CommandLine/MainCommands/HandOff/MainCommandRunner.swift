import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Container
import RequestChannel
#if canImport(Glibc)
import Glibc
#endif

/// What a handed-over command printed and how it ended.
struct HandedOverResult: Sendable {
    var output: String
    var errors: String
    var exitStatus: Int32

    /// As the ack's result carries it to the process that handed the command over.
    var answer: [String: String] { ["stdout": output, "stderr": errors, "exitStatus": String(exitStatus)] }
}

/// A command that, handed to the running app, runs as a BackgroundCommand. `prepare` runs on the
/// app's thread, in the issuer's working directory: it checks the arguments and resolves what
/// they name, so the work needs neither.
protocol BackgroundRunnable {
    func prepareInBackground(_ app: LaunchedApp) throws -> BackgroundCommand
}

/// Thrown by a background command's work when it saw the app stopping, and the answer to a
/// second one while one runs: exit 75 (try again), as for a command that met a busy writer.
struct CommandCancelled: ExitStatusProviding, CustomStringConvertible {
    var description = "main run stopped before the command finished"
    var exitStatus: Int32 { 75 }
}

/// Runs one of main's commands inside the running app, for another process: its output is
/// captured instead of printed, its standard input is the lines the other process read, and it
/// uses the running app instead of launching. `run` itself is not handed over.
enum MainCommandRunner {
    static func run(_ request: AppRequest) -> CommandOutcome {
        guard case .mainCommand(let arguments, let input, let workingDirectory) = request.action else {
            return .finished(failure(CommandCancelled(description: "not one of main's commands")).answer)
        }
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
            return .finished(HandedOverResult(output: capture.output, errors: capture.errors, exitStatus: 0).answer)
        } catch {
            return .finished(failure(error, output: capture.output, errors: capture.errors).answer)
        }
    }

    /// A command answered without running to its end: another long one runs, or the app stopped.
    static func answer(unfinished: UnfinishedCommand) -> [String: String] {
        switch unfinished {
        case .busy(let label, let progress):
            let done = progress.map { " (\($0.percent)% done)" } ?? ""
            return failure(CommandCancelled(description: "main run is already running a long command: \(label.lowercased())\(done); run this one again when it has finished")).answer
        case .stopped:
            return failure(CommandCancelled()).answer
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
