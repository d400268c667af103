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

/// Runs one of main's commands inside the running app, for another process: its output is
/// captured instead of printed, its standard input is the lines the other process read, and it
/// uses the running app instead of launching. `run` itself is not handed over.
enum MainCommandRunner {
    static func run(_ arguments: [String], input: [String], workingDirectory: String) -> HandedOverResult {
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
        var status: Int32 = 0
        do {
            var command = try MainCommand.parseAsRoot(arguments)
            guard !(command is AsyncParsableCommand) else {
                throw ValidationError("`main \(arguments.first ?? "")` cannot be handed to the running app")
            }
            try command.run()
        } catch let code as ExitCode {
            status = code.rawValue
        } catch let custom as ExitStatusProviding {
            capture.errors += "error: \(custom)\n"
            status = custom.exitStatus
        } catch {
            let message = MainCommand.message(for: error)
            status = MainCommand.exitCode(for: error).rawValue
            if !message.isEmpty { capture.errors += (status == 0 ? message : "error: \(message)") + "\n" }
            if status == 0 && !(error is CleanExit) { status = 1 }
        }
        return HandedOverResult(output: capture.output, errors: capture.errors, exitStatus: status)
    }
}
