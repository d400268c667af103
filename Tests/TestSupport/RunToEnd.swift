import Foundation

extension RunningProcess {
    /// Runs `executable` to its end with its output in a temporary folder that goes with it;
    /// `stdin` is written to a file first. Killed and thrown on timeout; any exit status returns.
    public static func run(_ executable: String, _ arguments: [String], stdin: String? = nil,
                           environment: [String: String]? = nil, timeout: Double = 180) async throws -> ProcessResult {
        let io = try TemporaryDirectory("run")
        defer { io.remove() }
        var input = ChildProcess.Input.null
        if let stdin {
            try Data(stdin.utf8).write(to: URL(fileURLWithPath: io.sub("in")))
            input = .file(io.sub("in"))
        }
        let process = try RunningProcess(executable, arguments, environment: environment, stdin: input,
                                         stdoutPath: io.sub("out"), stderrPath: io.sub("err"))
        return try await process.wait(timeout: timeout)
    }
}
