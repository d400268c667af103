import CommandLineSupport
import Container
#if canImport(Glibc)
import Glibc
#endif

/// What a server login asks of the person while it runs (the code Telegram sent, the two-step
/// password, a new account's name): on a terminal a prompt, the password typed without echo;
/// otherwise one line of standard input each, so a script can pipe them. Never from argv for the
/// password, where other users could read it in the process list.
struct LoginInputReader {
    let interactive: Bool

    init(interactive: Bool = isatty(STDIN_FILENO) == 1) {
        self.interactive = interactive
    }

    /// One line; nil at the end of input. A code or a name is trimmed; a secret (`echo: false`)
    /// is taken as typed, spaces included.
    func line(prompt: String, echo: Bool = true) -> String? {
        if interactive { StandardStreams.writePrompt(prompt) }
        if echo { return readLine(strippingNewline: true)?.trimmingWhitespace() }
        guard interactive else { return readLine(strippingNewline: true) }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return readLine(strippingNewline: true) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        // Ctrl-C (or a kill) while the secret is typed must not leave the terminal without echo.
        echoRestore = saved
        let previous = (signal(SIGINT, restoreEchoAndDie), signal(SIGTERM, restoreEchoAndDie), signal(SIGHUP, restoreEchoAndDie))
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            signal(SIGINT, previous.0)
            signal(SIGTERM, previous.1)
            signal(SIGHUP, previous.2)
            StandardStreams.writePrompt("\n")
        }
        return readLine(strippingNewline: true)
    }
}

/// The terminal's settings before echo was turned off, for the signal handler below.
nonisolated(unsafe) private var echoRestore = termios()

/// Puts echo back, then dies of the signal as it would have (async-signal-safe calls only).
private func restoreEchoAndDie(_ signalNumber: Int32) {
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &echoRestore)
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
