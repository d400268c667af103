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

    /// One line, trimmed; nil at the end of input.
    func line(prompt: String, echo: Bool = true) -> String? {
        if interactive { StandardStreams.writePrompt(prompt) }
        guard !echo, interactive else { return readLine(strippingNewline: true)?.trimmingWhitespace() }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return readLine(strippingNewline: true) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            StandardStreams.writePrompt("\n")
        }
        return readLine(strippingNewline: true)
    }
}
