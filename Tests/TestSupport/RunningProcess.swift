import Container
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A spawned child whose output goes to two files, waited for without holding a thread of the
/// test pool. Killed with SIGKILL if it is still running when the last reference goes.
public final class RunningProcess: @unchecked Sendable {
    public let child: ChildProcess
    public let stdoutPath: String
    public let stderrPath: String
    public let started: UInt64

    /// Starts `executable`; its output goes to `stdoutPath` and `stderrPath` (created or truncated).
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                directory: String? = nil, stdin: ChildProcess.Input = .null,
                stdoutPath: String, stderrPath: String) throws {
        child = try ChildProcess(executable, arguments, environment: environment, directory: directory,
                                 stdin: stdin, stdout: stdoutPath, stderr: stderrPath)
        self.stdoutPath = stdoutPath
        self.stderrPath = stderrPath
        started = child.startTime
    }

    public var command: [String] { child.command }
    public var pid: Int32 { child.pid }
    public var isRunning: Bool { child.isRunning }
    /// The write end of standard input, when started with `.pipe`.
    public var input: FileHandle? { child.inputPipe }
    public var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    public func send(_ signal: Int32) { child.send(signal) }

    /// SIGKILL unless it already ended (never a pid the child no longer owns). For `defer`: no
    /// test leaves a child behind, whatever it threw.
    public func kill9() { send(SIGKILL) }

    /// Waits for the exit; on timeout kills the process (SIGKILL) and throws, which fails the test.
    public func wait(timeout: Double, context: String? = nil) async throws -> ProcessResult {
        let deadline = Clock.monotonicNanoseconds() + UInt64(timeout * 1e9)
        let killer = DeadlineKiller(child, deadline: deadline)
        defer { killer.cancel() }
        while isRunning {
            if Clock.monotonicNanoseconds() > deadline {
                try await killAndReap()
                throw timedOut(timeout, context)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        if killer.fired { throw timedOut(timeout, context) }
        return result()
    }

    /// Waits until stdout has a line starting with `prefix` and returns that line. Throws (after
    /// killing the process) on timeout, and throws if the process exits first.
    public func waitForLine(prefix: String, timeout: Double) async throws -> String {
        let deadline = Clock.monotonicNanoseconds() + UInt64(timeout * 1e9)
        while true {
            for line in stdout.split(separator: "\n") where line.hasPrefix(prefix) { return String(line) }
            if !isRunning {
                // One last look: the line may have been written just before the exit.
                for line in stdout.split(separator: "\n") where line.hasPrefix(prefix) { return String(line) }
                throw HarnessError("exited before printing a line starting with \"\(prefix)\": \(result())")
            }
            if Clock.monotonicNanoseconds() > deadline {
                try await killAndReap()
                throw HarnessError("no line starting with \"\(prefix)\" within \(timeout) s; killed: \(result())")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    private func killAndReap() async throws {
        kill9()
        while isRunning { try? await Task.sleep(for: .milliseconds(5)) }
    }

    private func timedOut(_ timeout: Double, _ context: String?) -> HarnessError {
        HarnessError("\(context.map { $0 + ": " } ?? "")timed out after \(timeout) s and was killed: \(result())")
    }

    /// The result so far: call it once the child has ended. `seconds` runs to the child's end,
    /// not to this call (which may come much later).
    public func result() -> ProcessResult {
        let ended = child.termination
        let end = child.endTime ?? Clock.monotonicNanoseconds()
        return ProcessResult(command: command, exitCode: ended?.exitCode, signal: ended?.signal,
                             stdout: stdout, stderr: stderr, seconds: Double(end &- started) / 1e9)
    }
}
