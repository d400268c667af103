import Container
#if canImport(Glibc)
import Glibc
#endif

/// Command output, written straight to the file descriptors with write(2): every line reaches a
/// pipe at once, and no stdio lock is involved. `main run` keeps a thread blocked in readLine(),
/// which holds stdin's stdio lock, and flushing through stdio (fflush(NULL) locks every stream)
/// deadlocked against it, so the app never finished announcing itself and never saw SIGTERM.
public enum StandardStreams {
    /// Output of a command that the running app runs for another process (main's command
    /// hand-off): collected, to travel back in the request's acknowledgement.
    public final class Capture {
        public var output = ""
        public var errors = ""
        public init() {}
    }

    /// Set only on the running app's event thread, for the length of one handed-over command.
    nonisolated(unsafe) public static var capture: Capture?

    public static func writeLine(_ text: String) {
        if let capture { capture.output += text + "\n" } else { write(text + "\n", to: 1) }
    }

    public static func writeError(_ text: String) {
        if let capture { capture.errors += text + "\n" } else { write(text + "\n", to: 2) }
    }

    private static func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        // A closed stream (EPIPE) has no one to tell; the exit status still says what happened.
        try? bytes.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: fd == 1 ? "<stdout>" : "<stderr>") }
    }
}
