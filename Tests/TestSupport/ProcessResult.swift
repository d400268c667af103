import Foundation

/// How a child ended and what it wrote.
public struct ProcessResult: Sendable, CustomStringConvertible {
    public let command: [String]
    /// The exit status; nil when the process died of a signal.
    public let exitCode: Int32?
    /// The signal that ended the process, if any.
    public let signal: Int32?
    public let stdout: String
    public let stderr: String
    public let seconds: Double

    public init(command: [String], exitCode: Int32?, signal: Int32?, stdout: String, stderr: String, seconds: Double) {
        self.command = command
        self.exitCode = exitCode
        self.signal = signal
        self.stdout = stdout
        self.stderr = stderr
        self.seconds = seconds
    }

    public var succeeded: Bool { exitCode == 0 }

    public var description: String {
        let status = exitCode.map { "exit \($0)" } ?? "killed by signal \(signal ?? -1)"
        return "`\(command.joined(separator: " "))` → \(status) after \(String(format: "%.2f", seconds)) s\n"
            + "  stdout: \(ProcessResult.clip(stdout))\n  stderr: \(ProcessResult.clip(stderr))"
    }

    public static func clip(_ s: String, limit: Int = 1500) -> String {
        let trimmed = s.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count <= limit { return trimmed.isEmpty ? "(empty)" : trimmed }
        return String(trimmed.prefix(limit)) + "… (\(trimmed.count) chars)"
    }

    /// stdout parsed as one JSON object.
    public func json() throws -> [String: Any] {
        guard let data = stdout.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let dictionary = object as? [String: Any] else {
            throw HarnessError("stdout is not a JSON object: \(self)")
        }
        return dictionary
    }
}
