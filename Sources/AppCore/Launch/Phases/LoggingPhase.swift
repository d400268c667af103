import Container
import Logging

/// Phase 3: file logging under `logs/app-logs`, Telegram's format and rotation.
enum LoggingPhase {
    static func run(layout: ContainerLayout) throws -> Logger {
        let file = try RotatingLogFile(directory: layout.logsPath(ProcessIdentity.main.logsDirectory))
        FileLogHandler.bootstrap(file: file)
        return Logger(label: "app")
    }
}
