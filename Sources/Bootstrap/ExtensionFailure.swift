/// An error that wants a particular exit status.
public protocol ExitStatusProviding: Error {
    var exitStatus: Int32 { get }
}

/// Why an extension command did nothing: `status` is its `--json` status, `exitStatus` the
/// process's, and the description the `error: …` line on standard error. Each extension names
/// its own common failures (ShareFailure, WidgetFailure).
public struct ExtensionFailure: Error, CustomStringConvertible, ExitStatusProviding {
    public let status: String
    public let description: String
    public let exitStatus: Int32

    public init(_ status: String, _ description: String, exitStatus: Int32 = 1) {
        self.status = status
        self.description = description
        self.exitStatus = exitStatus
    }
}

/// An ExtensionFailure as `--json` prints it: `{"status": …, "error": …}` and nothing else.
public struct ExtensionFailureReport: Codable, Sendable {
    public let status: String
    public let error: String

    public init(_ failure: ExtensionFailure) {
        status = failure.status
        error = failure.description
    }
}
