import Foundation
import Testing
import Container
import Formats

/// `main run` sends every event through one dispatch hook, and only what a person does counts as
/// activity for auto-lock: a line on standard input moves lockState.json's activity timestamp
/// forward; the one-second timer alone does not.
@Suite("main run: user activity through the dispatch hook")
struct ActivityRefreshTests {
    @Test("stdin input refreshes the activity timestamp; idle ticks do not", .timeLimit(.minutes(2)))
    func inputIsActivityTimerIsNot() async throws {
        try await withSandbox("activity") { sandbox in
            try await sandbox.login()
            _ = try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: "2468\n")

            // stdin stays open as a pipe so a line can be typed later; stdout goes to a file the
            // harness way, polled for the ready line.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Executables.path(Executables.main))
            process.arguments = ["run", "--container", sandbox.container]
            let input = Pipe()
            let outPath = sandbox.io + "/activity-run.out"
            _ = FileManager.default.createFile(atPath: outPath, contents: nil)
            let outHandle = try #require(FileHandle(forWritingAtPath: outPath))
            process.standardInput = input
            process.standardOutput = outHandle
            process.standardError = FileHandle.nullDevice
            try process.run()
            try outHandle.close()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let deadline = Date().addingTimeInterval(30)
            while !(ContainerFiles.bytes(outPath).map { String(decoding: $0, as: UTF8.self) } ?? "").contains("ready pid=") {
                try #require(process.isRunning, "main run ended before it was ready")
                try #require(Date() < deadline, "main run not ready within 30 s")
                try await Task.sleep(for: .milliseconds(20))
            }

            func activityUptime() throws -> Int32 {
                guard case .state(let state) = LockStatus.read(path: sandbox.layout.lockStatePath, passcodeSet: true),
                      let activity = state.applicationActivityTimestamp else {
                    throw HarnessError("lockState.json has no activity timestamp")
                }
                return activity.uptime
            }
            try await Task.sleep(for: .milliseconds(1500))   // the first tick records the launch
            let atLaunch = try activityUptime()
            try await Task.sleep(for: .seconds(3))           // three idle ticks
            #expect(try activityUptime() == atLaunch, "idle ticks moved the activity timestamp")

            input.fileHandleForWriting.write(Data("tap\n".utf8))
            try await Task.sleep(for: .milliseconds(1500))   // the next tick writes it
            let afterInput = try activityUptime()
            #expect(afterInput >= atLaunch + 3, "input did not count as activity: \(atLaunch) → \(afterInput)")
            #expect(!LockStatus.read(path: sandbox.layout.lockStatePath, passcodeSet: true).isLocked())

            // Poll rather than waitUntilExit(), which busy-waits forever on Linux if the child hangs.
            process.terminate()
            let exitDeadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < exitDeadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(!process.isRunning, "main run did not stop on SIGTERM within 10 s (stdin an open, idle pipe)")
            if !process.isRunning { #expect(process.terminationStatus == 0) }
        }
    }
}
