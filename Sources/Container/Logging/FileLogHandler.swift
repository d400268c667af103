import Logging
import Synchronization

/// swift-log handler that writes to the process's RotatingLogFile. Logs never carry user content:
/// call sites log ids and counts, and `redacted(_:)` stands in for anything a user typed.
public struct FileLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let label: String
    private let file: RotatingLogFile

    public init(label: String, file: RotatingLogFile) {
        self.label = label
        self.file = file
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var text = event.level == .info ? "" : "\(event.level): "
        text += event.message.description
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            text += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        // One event, one line: an error quoting a file name or a request's reason cannot forge
        // log lines or carry escape sequences to whoever reads the log on a terminal.
        file.append(tag: label, text: TerminalText.escaped(text))
    }

    private static let installed = Mutex(false)

    /// Installs file logging for the whole process. LoggingSystem takes it once: a second launch
    /// in the same process (a command that reads, then hands a change to the writer) keeps the
    /// first one's log, which is the same container's.
    public static func bootstrap(file: RotatingLogFile, level: Logger.Level = .info) {
        guard installed.withLock({ done in defer { done = true }; return !done }) else { return }
        LoggingSystem.bootstrap { label in
            var handler = FileLogHandler(label: label, file: file)
            handler.logLevel = level
            return handler
        }
    }
}

/// Stands in for user content in logs: its length only.
public func redacted(_ text: String) -> String { "<redacted \(text.utf8.count) bytes>" }
