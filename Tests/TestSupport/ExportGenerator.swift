import Foundation

/// Scripts/gen_telegram_export.py: writes a Telegram Desktop JSON export for a test to import.
public enum ExportGenerator {
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/gen_telegram_export.py").path

    /// Writes an export into `folder` with the generator's `arguments` (`--messages N`, `--chats C`,
    /// `--plain`, ...) and returns the summary it prints. Throws when it fails or outlives `timeout`.
    @discardableResult
    public static func write(_ folder: String, _ arguments: [String], timeout: Double = 300) async throws -> [String: Any] {
        let result = try await RunningProcess.run(Python.path, [script, folder] + arguments, timeout: timeout)
        guard result.succeeded else { throw HarnessError("the export generator failed: \(result)") }
        return try result.json()
    }
}
