import Bootstrap

/// Why share sent (or listed) nothing. `status` is the `--json` status and `exitStatus` the
/// process's; the description is the `error: …` line on standard error.
public struct ShareFailure: Error, CustomStringConvertible, ExitStatusProviding {
    public let status: String
    public let description: String
    public let exitStatus: Int32

    public init(_ status: String, _ description: String, exitStatus: Int32 = 1) {
        self.status = status
        self.description = description
        self.exitStatus = exitStatus
    }

    /// The same words every time, and nothing else: a locked app reveals no chat, no account.
    public static let locked = ShareFailure("locked", "the app is locked; unlock it in main first")

    public static func refused(_ description: String) -> ShareFailure { ShareFailure("refused", description) }
}
