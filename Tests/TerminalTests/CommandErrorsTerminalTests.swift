import Foundation
import Testing
import TestSupport

/// Mistakes typed at a shell, read as the person reads them in the terminal: a negative number
/// is named with its range (never "Missing value for '--peers'"), and notify-service pointed at
/// a regular file names the file (never "the app is locked").
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run Scripts/setup"))
struct CommandErrorsTerminalTests {
    @Test(arguments: [(80, 24), (160, 48)], KeysInEveryTerminalTests.terminals)
    func mistakesAreNamedInTheShell(size: (Int, Int), term: String) async throws {
        let directory = try TemporaryDirectory("command-errors")
        defer { directory.remove() }
        let container = try await MainInterfaceTerminalTests.seededContainer(in: directory)
        let file = directory.sub("not-a-container")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let main = Executables.path(Executables.main), notify = Executables.path("notify-service")
        let status = directory.sub("status")
        let commands = "'\(main)' seed --peers -5 --messages 3 --container '\(container)'; echo \"seed exit $?\"; "
            + "echo '{}' | '\(notify)' --container '\(file)'"
        let session = try TmuxSession(width: size.0, height: size.1, command: ["/bin/sh", "-c", TmuxSession.recordingExitStatus(commands, in: status)],
                                      options: [("default-terminal", term)])
        defer { session.kill() }
        #expect(try await session.exitStatus(recordedIn: status, timeout: 20) == "2")
        // Lines wrap at 80 columns: read the pane as one text with the wraps joined.
        let screen = try session.capture()
        let text = screen.joined()
        #expect(text.contains("--peers must be between 1") && !text.contains("Missing value"), "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.hasPrefix("seed exit 64") }, "\(screen.joined(separator: "\n"))")
        #expect(text.contains("is a file, not an app group container") && !text.contains("the app is locked"), "\(screen.joined(separator: "\n"))")
    }
}
