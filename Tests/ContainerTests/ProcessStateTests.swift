import Foundation
import Testing
import Container
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `ProcessState`: how main tells a stopped writer (Ctrl-Z, SIGSTOP) from a running one.
@Suite("ProcessState")
struct ProcessStateTests {
    @Test(.timeLimit(.minutes(5))) func runningStoppedContinuedAndGone() async throws {
        #expect(ProcessState.of(getpid()) == .alive)
        let child = try ChildProcess("/bin/sleep", ["30"])
        defer { child.send(SIGKILL); child.waitUntilExit() }
        #expect(try await Self.state(of: child.pid, becomes: .alive))
        child.send(SIGSTOP)
        #expect(try await Self.state(of: child.pid, becomes: .stopped))
        child.send(SIGCONT)
        #expect(try await Self.state(of: child.pid, becomes: .alive))
        child.send(SIGKILL)
        // Killed and not yet reaped (a zombie), then reaped (no such process): gone both ways.
        #expect(try await Self.state(of: child.pid, becomes: .gone))
        child.waitUntilExit()
        #expect(ProcessState.of(child.pid) == .gone)
        #expect(ProcessState.of(0) == .gone)
        #expect(ProcessState.of(-1) == .gone)
    }

    /// A command name with spaces and parentheses does not confuse the parse (the state follows
    /// the last ")").
    @Test(.timeLimit(.minutes(5))) func oddCommandNames() async throws {
        let directory = try TemporaryDirectory("process-state")
        defer { directory.remove() }
        let odd = directory.sub("a) T (b")
        try FileManager.default.createSymbolicLink(atPath: odd, withDestinationPath: "/bin/sleep")
        let child = try ChildProcess(odd, ["30"])
        defer { child.send(SIGKILL); child.waitUntilExit() }
        #expect(try await Self.state(of: child.pid, becomes: .alive))
        child.send(SIGSTOP)
        #expect(try await Self.state(of: child.pid, becomes: .stopped))
    }

    /// Looks again after every sleep before looking at the clock: a sleep on a loaded test pool
    /// can outlast the whole limit.
    static func state(of pid: Int32, becomes expected: ProcessState) async throws -> Bool {
        let start = Clock.monotonicNanoseconds()
        while true {
            if ProcessState.of(pid) == expected { return true }
            if Clock.milliseconds(since: start) > 30_000 { return false }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
