import Container

/// How main launches. A writer holds the single-writer lock, runs upgrades and opens the stores
/// read-write; a reader (status, accounts) takes no lock and opens everything read-only.
public enum LaunchMode: Sendable { case writer, reader }

public struct LaunchOptions: Sendable {
    public var mode: LaunchMode
    public var containerFlag: String?
    public var environment: [String: String]

    public init(mode: LaunchMode, containerFlag: String?, environment: [String: String]) {
        self.mode = mode
        self.containerFlag = containerFlag
        self.environment = environment
    }
}

/// Refused because another main is the writer (exit 75, EX_TEMPFAIL).
public struct WriterLockHeld: Error, CustomStringConvertible {
    public let pid: Int32?
    /// The holder is stopped (Ctrl-Z, SIGSTOP: iOS's suspension): it keeps the lock and applies
    /// nothing until continued. Nothing here can take the lock from it (the kernel drops a flock
    /// only when its holder ends), and ending someone's suspended app is theirs to decide.
    public let holderStopped: Bool

    public init(pid: Int32?, holderStopped: Bool = false) {
        self.pid = pid
        self.holderStopped = holderStopped
    }

    /// The holder as the lock file names it, and whether it is stopped right now.
    public static func probe(_ lockPath: String) -> WriterLockHeld {
        let holder = FileLock.holder(path: lockPath)
        return WriterLockHeld(pid: holder.pid, holderStopped: holder.stopped)
    }

    public var description: String {
        guard holderStopped, let pid else {
            return "main is already running\(pid.map { " (pid \($0))" } ?? "") and holds the writer lock; a second `main run` is refused (other writing commands are handed to it)"
        }
        return "main (pid \(pid)) holds the writer lock but is stopped (suspended by Ctrl-Z or SIGSTOP), so it applies nothing "
            + "until it is resumed: resume it with `kill -CONT \(pid)` (or `fg` in its terminal), or end it with "
            + "`kill \(pid); kill -CONT \(pid)`; then run this again"
    }
}

/// The 1 MiB launch write test failed.
public struct InsufficientSpace: Error, CustomStringConvertible {
    public let detail: String
    public var description: String { "not enough free space: the device does not have sufficient free space (\(detail))" }
}
