import Foundation
import Testing
import Container
import Formats
import TestSupport

/// `main run` sends every event through one dispatch hook, and only what a person does counts as
/// activity for auto-lock: a line on standard input moves lockState.json's activity timestamp
/// forward; the one-second timer alone does not.
@Suite("main run: user activity through the dispatch hook")
struct ActivityRefreshTests {
    @Test("stdin input refreshes the activity timestamp; idle ticks do not", .timeLimit(.minutes(5)))
    func inputIsActivityTimerIsNot() async throws {
        try await withSandbox("activity") { sandbox in
            try await sandbox.login()
            _ = try await sandbox.runOK(Executables.main, ["passcode", "set"], stdin: "2468\n")

            // stdin stays open as a pipe so a line can be typed later.
            let (process, input) = try sandbox.startWithOpenStdin(Executables.main, ["run"])
            _ = try await process.waitForLine(prefix: "ready pid=", timeout: 30)

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

            input.write(Data("tap\n".utf8))
            try await Task.sleep(for: .milliseconds(1500))   // the next tick writes it
            let afterInput = try activityUptime()
            #expect(afterInput >= atLaunch + 3, "input did not count as activity: \(atLaunch) → \(afterInput)")
            #expect(!LockStatus.read(path: sandbox.layout.lockStatePath, passcodeSet: true).isLocked())

            process.send(SIGTERM)
            let stopped = try await process.wait(timeout: 10, context: "main run on SIGTERM, stdin an open, idle pipe")
            #expect(stopped.exitCode == 0, "\(stopped)")
        }
    }
}
