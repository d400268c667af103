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
    public var description: String {
        "main is already running\(pid.map { " (pid \($0))" } ?? "") and holds the writer lock; a second `main run` is refused (other writing commands are handed to it)"
    }
}

/// The 1 MiB launch write test failed.
public struct InsufficientSpace: Error, CustomStringConvertible {
    public let detail: String
    public var description: String { "not enough free space: the device does not have sufficient free space (\(detail))" }
}
