import Container
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One child process, started with posix_spawn and reaped with waitpid.
///
/// What every test's child gets, whoever starts it:
/// - standard streams from files (or /dev/null, or a pipe the test writes), never a pipe it writes
///   to: a chatty child cannot block on a full pipe, and no reader waits for a writer it cannot see;
/// - no other descriptor of the test process: a child that outlives its test (a tmux server
///   daemonizing from its client) would otherwise keep another test's pipe open, and that pipe's
///   reader waiting, as long as it lives;
/// - no blocked signal and every handler at its default: tests run on worker threads that block
///   most signals, and a child inherits the mask (a tmux server would never see SIGWINCH or SIGCHLD).
public final class ChildProcess: @unchecked Sendable {
    /// Where a child's standard input comes from.
    public enum Input: Sendable {
        case null
        case file(String)
        /// A pipe whose write end the test holds (`inputPipe`): the child sees end of file only
        /// when the test closes it.
        case pipe
    }

    public let command: [String]
    public let pid: pid_t
    /// When it was started (Clock.monotonicNanoseconds).
    public let startTime: UInt64
    /// The write end of the child's standard input, with `.pipe`.
    public let inputPipe: FileHandle?

    private let lock = NSLock()
    private var status: Termination?
    private var endedAt: UInt64?

    /// How a child ended.
    public struct Termination: Sendable, Equatable {
        /// The exit status; nil when a signal ended the process.
        public let exitCode: Int32?
        /// The signal that ended the process, if one did.
        public let signal: Int32?
    }

    /// Starts `executable` (a path) with `arguments`. `stdout` and `stderr` are paths (created or
    /// truncated); `stderr` nil sends it where `stdout` goes. `environment` nil passes the test's own.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                directory: String? = nil, stdin: Input = .null, stdout: String = "/dev/null",
                stderr: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        var pipeEnds: [Int32] = [-1, -1]
        switch stdin {
        case .null: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        case .pipe:
            // Close-on-exec, though every spawn here closes what it did not name: another library's
            // child must not keep the test's end open either.
            guard pipe(&pipeEnds) == 0 else { throw HarnessError("pipe failed: errno \(errno)") }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let stderr {
            posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        Self.closeInheritedDescriptors(&actions)
        if let directory { try Self.changeDirectory(&actions, to: directory) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        startTime = Clock.monotonicNanoseconds()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
        guard spawned == 0 else {
            if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
            throw HarnessError("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        self.command = [executable] + arguments
        self.inputPipe = pipeEnds[1] >= 0 ? FileHandle(fileDescriptor: pipeEnds[1], closeOnDealloc: true) : nil
        ExitWatcher.shared.watch(self)
    }

    /// A child still running when the last reference goes is killed, and reaped off this thread.
    deinit {
        lock.lock()
        defer { lock.unlock() }
        guard status == nil else { return }
        kill(pid, SIGKILL)
        let pid = self.pid
        DetachedThread {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        }.start()
    }

    /// Reaps the child if it has ended; never blocks.
    public var isRunning: Bool { termination == nil }

    /// How the child ended, nil while it runs.
    public var termination: Termination? {
        lock.lock()
        defer { lock.unlock() }
        return reapIfEndedLocked()
    }

    /// For ExitWatcher: reaps and stamps the child if it has ended, without waiting for the lock
    /// (held by a `waitUntilExit`, which stamps it itself). True once it has ended.
    func reapIfEnded() -> Bool {
        guard lock.try() else { return false }
        defer { lock.unlock() }
        return reapIfEndedLocked() != nil
    }

    /// With `lock` held: the status, the child reaped (never waited for) if it has just ended.
    private func reapIfEndedLocked() -> Termination? {
        if status == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid { ended(Self.decode(raw)) }
        }
        return status
    }

    /// When the child was seen to end (Clock.monotonicNanoseconds), within ExitWatcher's few
    /// milliseconds; nil while it runs (asking does not reap it).
    public var endTime: UInt64? {
        lock.lock()
        defer { lock.unlock() }
        return endedAt
    }

    private func ended(_ termination: Termination) {
        status = termination
        endedAt = Clock.monotonicNanoseconds()
    }

    /// Sends `signal`, unless the child has been reaped (its pid may be another process's by now).
    public func send(_ signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if status == nil { kill(pid, signal) }
    }

    /// Blocks the calling thread until the child ends. Only for commands that end at once (a tmux
    /// client): anything longer waits with `RunningProcess.wait(timeout:)`, off the test pool.
    @discardableResult
    public func waitUntilExit() -> Termination {
        lock.lock()
        defer { lock.unlock() }
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        ended(Self.decode(raw))
        return status!
    }

    private static func decode(_ raw: Int32) -> Termination {
        let signal = raw & 0x7F
        return signal == 0 ? Termination(exitCode: (raw >> 8) & 0xFF, signal: nil) : Termination(exitCode: nil, signal: signal)
    }

    /// glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does not
    /// show; else each descriptor open now (/proc/self/fd) is closed in the child.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
            return
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            if let fd = Int32(name), fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        }
    }

    /// glibc 2.29's posix_spawn_file_actions_addchdir_np, likewise not shown by the Glibc module.
    private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to directory: String) throws {
        typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
            throw HarnessError("this C library cannot start a child in another directory")
        }
        _ = unsafeBitCast(symbol, to: AddChdir.self)(&actions, directory)
    }
}
