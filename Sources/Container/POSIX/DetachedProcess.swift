#if canImport(Glibc)
import Glibc
#endif

/// Starts a program by its argument vector (never a shell string), detached: its own session, so
/// no terminal signal of ours reaches it; standard streams on /dev/null; reaped by a thread of
/// ours when it ends, or by init once we have exited.
public enum DetachedProcess {
    /// Throws when it could not start.
    public static func start(_ arguments: [String], environment: [String: String]) throws {
        guard let program = arguments.first, !program.isEmpty else { throw SystemError("no program to start", path: "", code: EINVAL) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc ≥ 2.26): defined only under _GNU_SOURCE, so not imported.
        posix_spawnattr_setflags(&attributes, 0x80)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        // A program named without a slash is looked up on PATH, as a shell would.
        let spawned = program.contains("/") ? posix_spawn(&pid, program, &actions, &attributes, &argv, &envp)
                                            : posix_spawnp(&pid, program, &actions, &attributes, &argv, &envp)
        guard spawned == 0 else { throw SystemError("cannot start \(program):", path: program, code: spawned) }
        // Reaped when it ends; a caller that exits first leaves it to init, which reaps it.
        let child = pid
        DetachedThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }.start()
    }

    /// This executable's path (/proc/self/exe), for starting itself or a sibling executable.
    public static func currentExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
