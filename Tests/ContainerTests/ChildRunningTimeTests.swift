import Foundation
import Testing
import Container
import TestSupport

/// The harness's running time of a child is the child's own, not the time until a test gets round
/// to collecting it: tests that wait for several children in turn check each one's time.
@Suite("A child's running time")
struct ChildRunningTimeTests {
    @Test(.timeLimit(.minutes(5))) func collectedLateStillEndsAtTheExit() async throws {
        let directory = try TemporaryDirectory("child-time")
        defer { directory.remove() }
        let process = try RunningProcess("/bin/true", [], stdoutPath: directory.path + "/out", stderrPath: directory.path + "/err")
        // Seen to end by the watcher thread; the test never asks until then.
        while process.child.endTime == nil { try await Task.sleep(for: .milliseconds(5)) }
        let ended = try #require(process.child.endTime)
        try await Task.sleep(for: .seconds(1))
        let result = try await process.wait(timeout: 30)
        let collected = Double(Clock.monotonicNanoseconds() - process.started) / 1e9
        #expect(result.exitCode == 0)
        #expect(result.seconds == Double(ended - process.started) / 1e9)
        #expect(result.seconds <= collected - 1, "ran \(result.seconds) s, collected after \(collected) s")
    }
}
