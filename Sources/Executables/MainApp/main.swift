// The `main` executable: the app. Thin by design; the launch phases live in AppCore, the commands
// in Sources/CommandLine/MainCommands.
import AppCore
import Bootstrap
import CommandLineSupport
import MainCommands
#if canImport(Glibc)
import Glibc
#endif

// A write past RLIMIT_FSIZE must fail with EFBIG (and reach the "not enough free space" message),
// not kill the process with SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)
// `main run` on a terminal opens the interface; `main` alone (or with options only) on a terminal
// is `main run`, and
// `main URL` (the URL-scheme launch) is `main run --open URL` there, `main open URL` elsewhere.
let onTerminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
let arguments = Array(CommandLine.arguments.dropFirst())
var launch: [String]? = nil
let helpFlags: Set<String> = ["-h", "--help", "help", "--version", "--generate-completion-script", "--experimental-dump-help"]
if arguments.first.map({ $0.hasPrefix("-") && !helpFlags.contains($0) }) ?? true {
    // `main` or `main --container DIR`: the app's interface, with its options. Off a terminal there
    // is none to open: said so, non-zero, rather than help or a usage error about the options
    // (`main run` is the headless app scripts start).
    guard onTerminal else {
        StandardStreams.writeError("error: `main` alone opens the interface, which needs a terminal on standard input and output; "
            + "`main run` runs the app without one (headless), `main --help` lists the commands")
        exit(1)
    }
    launch = ["run"] + arguments
} else if let link = arguments.first, ["tg:", "https://t.me/", "t.me/"].contains(where: { link.hasPrefix($0) }) {
    launch = (onTerminal ? ["run", "--open", link] : ["open", link]) + arguments.dropFirst()
}
await CommandMain.run(MainCommand.self, arguments: launch)
