// The `main` executable: the app. Thin by design; the launch phases and commands live in AppCore.
import AppCore
import AppInterface
import Bootstrap
#if canImport(Glibc)
import Glibc
#endif

// A write past RLIMIT_FSIZE must fail with EFBIG (and reach the "not enough free space" message),
// not kill the process with SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)
// `main run` on a terminal opens the interface; `main` alone on a terminal is `main run`.
MainInterface.install()
let alone = CommandLine.arguments.count == 1 && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
await CommandMain.run(MainCommand.self, arguments: alone ? ["run"] : nil)
