import Container
#if canImport(Glibc)
import Glibc
#endif

/// The program that opens a file or a link on the desktop: `xdg-open` unless the configuration
/// file's `opener` names another argument vector; the path or URL is appended as its last
/// argument. Started with posix_spawnp (never a shell string), in a session of its own, its
/// standard streams on /dev/null so it never draws over the interface, and reaped by a thread of
/// its own so the frame never waits for it.
public struct Opener: Sendable, Equatable {
    public static let defaultCommand = ["xdg-open"]
    public let command: [String]

    public init(command: [String] = Opener.defaultCommand) {
        self.command = command.isEmpty ? Self.defaultCommand : command
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The argument vector for `target`. A target that could be read as an option (a leading
    /// "-") is refused: paths handed here are absolute and links start with their scheme.
    public func arguments(for target: String) throws -> [String] {
        guard !target.isEmpty, !target.hasPrefix("-"), !target.contains("\0") else {
            throw Failure(description: "will not open \"\(target)\": not a path or a link")
        }
        return command + [target]
    }

    /// Starts the opener on `target`; returns once it is started, not when it ends. Its pid.
    /// `onExit` gets its exit status (or 128 + the signal that ended it) on the reaping thread.
    @discardableResult
    public func launch(_ target: String, onExit: (@Sendable (Int32) -> Void)? = nil) throws -> pid_t {
        let arguments = try arguments(for: target)
        var actions = Self.nullStreams()
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own session (no controlling terminal: ^C in the interface never reaches it), no
        // signal the app blocks or ignores passed on.
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGCHLD, SIGQUIT, SIGTSTP, SIGXFSZ] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot start `\(arguments[0])`: \(String(cString: strerror(spawned)))")
        }
        let child = pid
        DetachedThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
            let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
            onExit?(code)
        }.start()
        return child
    }

    /// Why opening `name` failed, in words, from the opener's exit status: xdg-open's codes
    /// (1 a bad command line, 2 no such file, 3 no program for this kind of file, 4 the program
    /// failed); nil for 0.
    public func failure(opening name: String, exitStatus: Int32) -> String? {
        guard exitStatus != 0 else { return nil }
        let program = (command.first ?? "opener").split(separator: "/").last.map(String.init) ?? "opener"
        let what: String
        if program == "xdg-open", exitStatus == 3 {
            let dot = name.lastIndex(of: ".").map { String(name[$0...]) }
            what = dot.map { "no application opens \($0) files here" } ?? "no application opens \(name) here"
        } else if program == "xdg-open", exitStatus == 2 {
            what = "\(name) was not found"
        } else {
            what = "\(name) was not opened"
        }
        return "\(what): \(program) exit \(exitStatus)"
    }

    /// glibc's POSIX_SPAWN_SETSID (2.26), which the Glibc module leaves out (it is under __USE_GNU).
    static let spawnSetsid: Int32 = 0x80

    /// File actions that put a child's standard input, output and error on /dev/null.
    static func nullStreams() -> posix_spawn_file_actions_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        return actions
    }
}
