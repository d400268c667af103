import ArgumentParser
import Bootstrap
import Container
import FoundationEssentials

/// Entry point shared by every executable. Parse errors and --help go through ArgumentParser;
/// a failure while running prints `error: …` and exits non-zero (75 when refused because another
/// `main` holds the writer lock), never a crash or a stack trace.
public enum CommandMain {
    /// The command line's arguments, without the program name.
    private static let arguments = Array(CommandLine.arguments.dropFirst())

    /// For commands with async subcommands (main): the top level awaits, so the process runs its
    /// main actor on the dispatch main queue.
    /// `arguments`: what to parse instead of the command line's (nil: the command line's).
    public static func run<Command: ParsableCommand>(_ command: Command.Type, arguments: [String]? = nil) async -> Never {
        let parsed = prepare(command, arguments: arguments)
        do {
            if var asyncCommand = parsed as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var syncCommand = parsed
                try syncCommand.run()
            }
            exitSucceeded()
        } catch {
            finish(command, error)
        }
    }

    /// For extensions, whose commands are all synchronous: a plain synchronous main, without the
    /// async entry point's dispatch main queue and its thread hop (measurable in a process whose
    /// whole life is a few milliseconds).
    /// The system's plain invocations are parsed directly (DirectParse), the rest by ArgumentParser.
    public static func runSynchronously<Command: ParsableCommand>(_ command: Command.Type, identity: ProcessIdentity) -> Never {
        ExtensionProcess.identity = identity
        restrictNewFiles()
        do {
            if let direct = DirectParse.command(command, arguments: arguments) {
                try direct.run()
            } else {
                var parsed = prepare(command)
                try parsed.run()
            }
            exitSucceeded()
        } catch {
            finish(command, error)
        }
    }

    /// Exit 0, unless the answer could not be written: then 74 (EX_IOERR), saying so on stderr —
    /// what the command did is done, but nobody was told.
    private static func exitSucceeded() -> Never {
        guard let failure = StandardStreams.outputError else { exit(0) }
        StandardStreams.writeError("error: the command finished, but its answer could not be written to standard output (\(failure))")
        exit(74)
    }

    /// Everything in the container is one user's private data: whatever creates a file here
    /// (SQLite's -wal and -shm included) creates it 0600, and directories 0700.
    private static func restrictNewFiles() {
        umask(0o077)
    }

    private static func prepare<Command: ParsableCommand>(_ command: Command.Type, arguments: [String]? = nil) -> ParsableCommand {
        restrictNewFiles()
        do {
            return try command.parseAsRoot(arguments)
        } catch {
            exitWithParserMessage(command, error)
        }
    }

    private static func finish<Command: ParsableCommand>(_ command: Command.Type, _ error: Error) -> Never {
        switch error {
        case let code as ExitCode:
            exit(code.rawValue)
        case _ where isParserError(error):
            // Help asked of a command group (its default `run` throws CleanExit), `--help` (the
            // parser answers it with a command whose `run` throws its internal CommandError) and
            // usage errors found while running: the parser's own message.
            exitWithParserMessage(command, error)
        default:
            StandardStreams.writeError("error: \(error)")
            if error is NotDurable { exit(74) }
            exit((error as? ExitStatusProviding)?.exitStatus ?? 1)
        }
    }

    /// ArgumentParser's own errors, which it turns into help and usage text. Its CommandError is
    /// internal to it, so it is known by its type's name.
    private static func isParserError(_ error: Error) -> Bool {
        error is CleanExit || error is ValidationError || String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }

    /// The parser's own message (help, usage, "error: …"), through StandardStreams like all other
    /// output, so an argument's text is escaped too; help goes to stdout with status 0.
    private static func exitWithParserMessage<Command: ParsableCommand>(_ command: Command.Type, _ error: Error) -> Never {
        let message = command.fullMessage(for: error)
        let code = command.exitCode(for: error)
        if !message.isEmpty {
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in lines.reversed().drop(while: \.isEmpty).reversed() {
                if code == .success { StandardStreams.writeLine(line) } else { StandardStreams.writeError(line) }
            }
        }
        exit(code.rawValue)
    }
}


#if canImport(Glibc)
import Glibc
#endif
