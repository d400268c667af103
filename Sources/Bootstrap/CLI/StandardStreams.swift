import Container
#if canImport(Glibc)
import Glibc
#endif

/// Command output, written straight to the file descriptors with write(2): every line reaches a
/// pipe at once, and no stdio lock is involved. `main run` keeps a thread blocked in readLine(),
/// which holds stdin's stdio lock, and flushing through stdio (fflush(NULL) locks every stream)
/// deadlocked against it, so the app never finished announcing itself and never saw SIGTERM.
public enum StandardStreams {
    public static func writeLine(_ text: String) { write(text + "\n", to: 1) }

    public static func writeError(_ text: String) { write(text + "\n", to: 2) }

    private static func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        // A closed stream (EPIPE) has no one to tell; the exit status still says what happened.
        try? bytes.withUnsafeBytes { try FileSystem.writeAll(fd, $0, path: fd == 1 ? "<stdout>" : "<stderr>") }
    }
}
