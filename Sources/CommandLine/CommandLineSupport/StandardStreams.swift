import Container
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Command output, written straight to the file descriptors with write(2): every line reaches a
/// pipe at once, and no stdio lock is involved. `main run` keeps a thread blocked in readLine(),
/// which holds stdin's stdio lock, and flushing through stdio (fflush(NULL) locks every stream)
/// deadlocked against it, so the app never finished announcing itself and never saw SIGTERM.
public enum StandardStreams {
    // Everything a command prints for people goes through these, and they escape every control
    // character (TerminalText): data — a push's alert, a message, a title, a file name, an error
    // quoting them — can never move the cursor, retitle the window or forge a line of output.

    /// One line for people: a newline inside `text` is shown as `\n`, not sent. TAB passes (the
    /// listings separate their columns with it).
    public static func writeLine(_ text: String) {
        emit(TerminalText.escaped(text, keepingTabs: true), error: false)
    }

    /// Several lines for people, each escaped, in one write: a short process's output is one
    /// system call, not one per line (a bootstrap's JSON report was 53).
    public static func writeLines(_ lines: [String]) {
        emit(lines.map { TerminalText.escaped($0, keepingTabs: true) }, error: false)
    }

    /// JSON for programs (`--json`), as the encoder wrote it but for the controls it leaves raw;
    /// one write. Escaped whole, not line by line: escapedJSON leaves the encoder's newlines as
    /// they are, and splitting the text into Characters cost 7 M instructions for a 50-chat
    /// `widget configure` (grapheme breaking), more than its Postbox read.
    public static func writeJSON(_ json: String) {
        emit(TerminalText.escapedJSON(json), error: false)
    }

    /// A question the answer is typed after, on the same line (no newline), escaped.
    public static func writePrompt(_ text: String) {
        write(TerminalText.escaped(text, keepingTabs: false), to: 1)
    }

    /// One line on standard error, escaped.
    public static func writeError(_ text: String) {
        emit(TerminalText.escaped(text, keepingTabs: true), error: true)
    }

    private static func emit(_ line: String, error: Bool) {
        emit([line], error: error)
    }

    private static func block(_ lines: [String]) -> String {
        var block = ""
        for line in lines {
            block += line
            block += "\n"
        }
        return block
    }

    /// Escaped lines, each ended by a newline, as one block.
    private static func emit(_ lines: [String], error: Bool) {
        guard !lines.isEmpty else { return }
        write(block(lines), to: error ? 2 : 1)
    }

    private static func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        do {
            try bytes.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: fd == 1 ? "<stdout>" : "<stderr>") }
        } catch {
            // A closed stream (EPIPE) or a failing disk: the exit status says the answer was lost.
            if fd == 1 { outputFailure.withLock { $0 = $0 ?? "\(error)" } }
        }
    }

    /// Why standard output could not be written, if it could not: the command's answer is then
    /// lost, and the process must not exit 0 as if it had been given (CommandMain).
    public static var outputError: String? { outputFailure.withLock { $0 } }
    private static let outputFailure = Mutex<String?>(nil)
}
