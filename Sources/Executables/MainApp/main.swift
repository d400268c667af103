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
if onTerminal, arguments.first.map({ $0.hasPrefix("-") && !helpFlags.contains($0) }) ?? true {
    // `main` or `main --container DIR`: the app, with its options.
    launch = ["run"] + arguments
} else if let link = arguments.first, ["tg:", "https://t.me/", "t.me/"].contains(where: { link.hasPrefix($0) }) {
    launch = (onTerminal ? ["run", "--open", link] : ["open", link]) + arguments.dropFirst()
}
await CommandMain.run(MainCommand.self, arguments: launch)
