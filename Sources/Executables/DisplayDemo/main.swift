// display-demo: a debug tool that shows Display and the terminal backend without a container or
// an account: Telegram's navigation in miniature, or (--events) the backend alone. The terminal
// tests drive it in tmux. Hand-written --help: nothing here needs ArgumentParser.
import Display
import Glibc
import TerminalBackend

let usage = """
    usage: display-demo [--events] [--theme day|night] [--help]

    Opens the terminal with the ncursesw backend and shows Display's navigation with made-up
    chats: tabs (1 2 3, Tab), a list (arrows, j k, Enter opens a chat), a "New Message" sheet (n),
    a toast (t), a lock screen (l, any key unlocks), the minimized box (p minimizes the open chat;
    F7 opens it again, F8 closes it), Esc to go back, F6 to switch columns when the terminal is
    120 columns or wider and the list and the chat stand side by side. Ctrl-C quits.

      --events          instead, a box with the terminal's size, colour depth and the last input
                        event (key, paste, mouse, resize); q or Ctrl-C quits
      --theme day|night the palette (default: day)

    TELEGRAM_REDUCED_MOTION=1 turns animations off.
    """

/// A line on standard error (Glibc's `stderr` is a mutable C global Swift 6 will not touch).
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

var eventsOnly = false
var appearance = Theme.Appearance.day
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
        print(usage)
        exit(0)
    case "--events":
        eventsOnly = true
    case "--theme":
        switch arguments.popFirst() {
        case "day": appearance = .day
        case "night": appearance = .night
        default:
            printError("display-demo: --theme takes day or night")
            exit(2)
        }
    default:
        printError("display-demo: unknown argument \(argument)\n\(usage)")
        exit(2)
    }
}

MainActor.assumeIsolated {
    let session: TerminalSession
    do {
        session = try TerminalSession()
    } catch {
        printError("display-demo: \(error)")
        exit(1)
    }
    if eventsOnly {
        let app = DemoApp(depth: session.colorDepth, colorCount: session.colorCount, animation: session.supportsAnimation,
                          processID: getpid())
        session.run(app)
    } else {
        let window = NavigationDemo.makeWindow(theme: Theme(appearance, depth: session.colorDepth),
                                               reducedMotion: !session.supportsAnimation)
        let hook = window.dispatchHook
        window.dispatchHook = { [unowned window] event in
            if case .key(let key) = event, key.key == .character("c"), key.modifiers == .control {
                window.shouldQuit = true
                return true
            }
            return hook?(event) ?? false
        }
        session.run(window)
    }
    session.close()
}
