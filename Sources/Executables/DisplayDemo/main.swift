// display-demo: a hidden debug tool that shows the terminal backend alone (no container, no
// account): a box, the terminal's size and colour depth, and the last event received. The
// terminal tests drive it in tmux. Hand-written --help: nothing here needs ArgumentParser.
import Glibc
import TerminalBackend

let usage = """
    usage: display-demo [--help]

    Opens the terminal with the ncursesw backend and shows a box titled "display-demo" with the
    terminal's size, its colour depth and the last input event (key, paste, mouse, resize).
    q or Ctrl-C quits. TELEGRAM_REDUCED_MOTION=1 turns animations off.
    """

/// A line on standard error (Glibc's `stderr` is a mutable C global Swift 6 will not touch).
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
if let unknown = arguments.first {
    printError("display-demo: unknown argument \(unknown)\n\(usage)")
    exit(2)
}

MainActor.assumeIsolated {
    let session: TerminalSession
    do {
        session = try TerminalSession()
    } catch {
        printError("display-demo: \(error)")
        exit(1)
    }
    let app = DemoApp(depth: session.colorDepth, colorCount: session.colorCount, animation: session.supportsAnimation, processID: getpid())
    session.run(app)
    session.close()
}
