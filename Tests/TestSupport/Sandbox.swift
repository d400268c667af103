import Container
import Foundation

/// A temporary container for one test, and the built executables run against it.
///
/// A fresh directory holding `container/` (the app group container, empty at first), `io/` (each
/// child's stdin, stdout and stderr, as files) and `xdg/` (XDG_DATA_HOME, so nothing can fall back
/// to the real home). Output stays outside the container, so a scan of the container never sees
/// the test's own captured output. Removed by `remove()`.
public final class Sandbox: @unchecked Sendable {
    public let directory: TemporaryDirectory
    public let container: String
    public let io: String
    public let layout: ContainerLayout
    private let lock = NSLock()
    private var counter = 0

    public static let defaultTimeout: Double = 90

    public init(_ label: String) throws {
        directory = try TemporaryDirectory("integ-\(label)")
        container = directory.sub("container")
        io = directory.sub("io")
        layout = ContainerLayout(containerPath: container)
        for dir in [container, io, directory.sub("xdg")] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
    }

    public func remove() { directory.remove() }

    public var base: String { directory.path }
    public var rootPath: String { layout.rootPath }

    private func nextId() -> Int {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        return counter
    }

    /// The environment every child gets: the test's own, without anything that could point it
    /// at another container or identity, plus `extra`.
    public func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "APP_GROUP_CONTAINER")
        env.removeValue(forKey: "TELEGRAM_BUNDLE_ID")
        // No desktop session unless a test starts its own bus: notify-service would post to it.
        env.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        env["XDG_DATA_HOME"] = directory.sub("xdg")
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Spawns `launchPath` with `arguments` exactly as given, in `io/`, its output in files there.
    public func spawn(_ launchPath: String, _ arguments: [String], input: ChildProcess.Input = .null,
                      env: [String: String] = [:], label: String) throws -> RunningProcess {
        let name = "\(io)/\(nextId())-\(label.replacingOccurrences(of: "/", with: "_"))"
        return try RunningProcess(launchPath, arguments, environment: environment(env), directory: io, stdin: input,
                                  stdoutPath: name + ".out", stderrPath: name + ".err")
    }

    /// Spawns with `stdin` as the child's whole standard input (a file), or /dev/null.
    public func spawnRaw(_ launchPath: String, _ arguments: [String], stdin: String? = nil,
                         env: [String: String] = [:], label: String) throws -> RunningProcess {
        var input = ChildProcess.Input.null
        if let stdin {
            let path = "\(io)/\(nextId())-\(label.replacingOccurrences(of: "/", with: "_")).in"
            try Data(stdin.utf8).write(to: URL(fileURLWithPath: path))
            input = .file(path)
        }
        return try spawn(launchPath, arguments, input: input, env: env, label: label)
    }

    /// The argument list for one of our executables: `--container` goes last (after the subcommand).
    public func arguments(_ args: [String], container: Bool) -> [String] {
        container ? args + ["--container", self.container] : args
    }

    /// Starts one of the built executables against this sandbox's container.
    public func start(_ executable: String, _ args: [String], stdin: String? = nil, env: [String: String] = [:],
                      containerFlag: Bool = true) throws -> RunningProcess {
        try spawnRaw(Executables.path(executable), arguments(args, container: containerFlag),
                     stdin: stdin, env: env, label: executable + "-" + (args.first ?? ""))
    }

    /// Runs one of the built executables to completion (killed and thrown on timeout).
    @discardableResult
    public func run(_ executable: String, _ args: [String], stdin: String? = nil, env: [String: String] = [:],
                    containerFlag: Bool = true, timeout: Double = Sandbox.defaultTimeout) async throws -> ProcessResult {
        let process = try start(executable, args, stdin: stdin, env: env, containerFlag: containerFlag)
        return try await process.wait(timeout: timeout)
    }

    /// Runs and requires exit 0; the thrown error carries the whole result.
    @discardableResult
    public func runOK(_ executable: String, _ args: [String], stdin: String? = nil, env: [String: String] = [:],
                      timeout: Double = Sandbox.defaultTimeout) async throws -> ProcessResult {
        let result = try await run(executable, args, stdin: stdin, env: env, timeout: timeout)
        guard result.succeeded else { throw HarnessError("expected exit 0: \(result)") }
        return result
    }

    /// Runs several commands at once and returns their results in order.
    public func runConcurrently(_ commands: [(String, [String])], timeout: Double = Sandbox.defaultTimeout) async throws -> [ProcessResult] {
        let started = try commands.map { try start($0.0, $0.1) }
        var results: [ProcessResult] = []
        for process in started { results.append(try await process.wait(timeout: timeout)) }
        return results
    }

    /// Starts `main run` and waits for its `ready pid=<pid>` line; returns the process and the pid
    /// the line announced.
    public func startMainRun(_ extraArgs: [String] = [], timeout: Double = 60) async throws -> (RunningProcess, Int32) {
        let process = try start(Executables.main, ["run"] + extraArgs)
        let line = try await process.waitForLine(prefix: "ready pid=", timeout: timeout)
        let digits = line.dropFirst("ready pid=".count).prefix { $0.isNumber }
        guard let pid = Int32(digits) else { throw HarnessError("unparsable ready line \"\(line)\"") }
        return (process, pid)
    }
}

/// Runs `body` with a fresh sandbox (the executables required built) and removes it afterwards.
public func withSandbox<T>(_ label: String, _ body: (Sandbox) async throws -> T) async throws -> T {
    try Executables.requireBuilt()
    let sandbox = try Sandbox(label)
    defer { sandbox.remove() }
    return try await body(sandbox)
}
