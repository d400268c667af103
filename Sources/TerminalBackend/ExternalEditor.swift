import Glibc

/// The person's own editor on a text (a chat's draft, Alt-E): `$VISUAL`, else `$EDITOR`, else
/// `vi`, run through `/bin/sh` (so `EDITOR="code -w"` works) on a temporary file, on the
/// terminal, which the session hands over meanwhile. The text comes back when the editor exits
/// with 0; otherwise it throws, and the draft stays as it was.
public enum ExternalEditor {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The command to run, from the environment as git and mutt read it.
    public static func command(visual: String?, editor: String?) -> String {
        for candidate in [visual, editor] {
            if let candidate, !candidate.allSatisfy(\.isWhitespace) { return candidate }
        }
        return "vi"
    }

    /// `text` edited in the editor, with the terminal handed over by `session` while it runs.
    @MainActor
    public static func edit(_ text: String, session: TerminalSession) throws -> String {
        let command = command(visual: getenv("VISUAL").map { String(cString: $0) },
                              editor: getenv("EDITOR").map { String(cString: $0) })
        let path = try writeTemporary(text)
        defer { unlink(path) }
        let status = try session.handOver { try run(command, on: path) }
        guard status == 0 else { throw Failure(description: "`\(command)` exited with status \(status)") }
        var edited = try read(path)
        // An editor ends the file with a newline the draft did not have.
        if edited.hasSuffix("\n"), !text.hasSuffix("\n") { edited.removeLast() }
        return edited
    }

    /// The editor's exit status (128 + the signal when one ended it).
    static func run(_ command: String, on path: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // On the terminal even when the app's own standard streams are not (a log, a pipe).
        if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/tty", O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        }
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "sh", path]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot start `\(command)`: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "lost `\(command)`: \(String(cString: strerror(errno)))") }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    private static func writeTemporary(_ text: String) throws -> String {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/draft-XXXXXX.md").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 3) }
        guard descriptor >= 0 else {
            throw Failure(description: "cannot make a file in \(directory): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                unlink(path)
                throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            bytes = bytes.dropFirst(written)
        }
        return path
    }

    private static func read(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure(description: "cannot read the edited text: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(description: "cannot read the edited text: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            data += buffer[..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }
}
