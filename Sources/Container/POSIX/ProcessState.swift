#if canImport(Glibc)
import Glibc
#endif

/// What the kernel says another process is doing (`/proc/<pid>/stat`, the state letter). A
/// process stopped by SIGSTOP, SIGTSTP (Ctrl-Z) or a debugger keeps every lock it holds and does
/// nothing until it is continued: the Linux form of iOS suspending an app. Whoever waits on such a
/// process is told so instead of waiting out a long deadline.
public enum ProcessState: Equatable, Sendable {
    /// Running or sleeping: it will get to what it was asked.
    case alive
    /// Stopped by a signal (`T`) or by a tracer (`t`): does nothing until SIGCONT.
    case stopped
    /// Exited, a zombie, or no such process (or /proc unreadable).
    case gone

    public static func of(_ pid: Int32) -> ProcessState {
        guard pid > 0, let state = stateLetter(pid) else { return .gone }
        switch state {
        case UInt8(ascii: "T"), UInt8(ascii: "t"): return .stopped
        case UInt8(ascii: "Z"), UInt8(ascii: "X"), UInt8(ascii: "x"): return .gone
        default: return .alive
        }
    }

    /// The state letter: the first field after the command name, which is in parentheses and may
    /// itself hold spaces and parentheses, so the last ")" ends it.
    static func stateLetter(_ pid: Int32) -> UInt8? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let text = try? FileSystem.readPrefix(fd, count: 1024, path: "/proc/\(pid)/stat") else { return nil }
        let count = text.count
        guard let close = text.lastIndex(of: UInt8(ascii: ")")), close + 2 < count,
              text[close + 1] == UInt8(ascii: " ") else { return nil }
        return text[close + 2]
    }
}
