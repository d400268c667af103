import Foundation
import Testing
import Container
import Cryptography
import Storage
#if canImport(Glibc)
import Glibc
#endif

// The harness the cross-process tests share: it finds the built executables next to the running
// test binary, gives every test its own temporary container, spawns processes with a timeout
// (killed and reported as a failure when it expires), and inspects the container from outside.
//
// Process output goes to files outside the container (never pipes), so a chatty child can't
// block on a full pipe, concurrent spawns can't keep each other's pipes open, and the
// plaintext-leak scan of the container never sees the test's own captured output.

// MARK: - Executables

enum Executables {
    /// The directory of the running test binary; SwiftPM puts the products beside it.
    static let binDirectory: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(n > 0, "cannot read /proc/self/exe")
        let exe = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (exe as NSString).deletingLastPathComponent
    }()

    static func path(_ name: String) -> String { binDirectory + "/" + name }

    static let main = "main"
    /// The five extensions and the identity each one claims.
    static let extensions: [(name: String, identity: ProcessIdentity)] = [
        ("share", .share), ("notify-service", .notifyService), ("widget", .widget),
        ("intents", .intents), ("broadcast", .broadcast),
    ]
    static var extensionNames: [String] { extensions.map(\.name) }
    static var all: [String] { [main] + extensionNames }

    /// Fails the calling test (once) when an executable is missing, instead of a confusing spawn error.
    static func requireBuilt(_ names: [String] = all) throws {
        for name in names where !FileManager.default.isExecutableFile(atPath: path(name)) {
            throw HarnessError("executable \(name) not found at \(path(name)); build with `swift build --build-tests`")
        }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Results

struct ProcessResult: Sendable, CustomStringConvertible {
    let command: [String]
    /// The exit status; nil when the process died of a signal.
    let exitCode: Int32?
    /// The signal that ended the process, if any.
    let signal: Int32?
    let stdout: String
    let stderr: String
    let seconds: Double

    var succeeded: Bool { exitCode == 0 }

    var description: String {
        let status = exitCode.map { "exit \($0)" } ?? "killed by signal \(signal ?? -1)"
        return "`\(command.joined(separator: " "))` → \(status) after \(String(format: "%.2f", seconds)) s\n"
            + "  stdout: \(ProcessResult.clip(stdout))\n  stderr: \(ProcessResult.clip(stderr))"
    }

    static func clip(_ s: String, limit: Int = 1500) -> String {
        let trimmed = s.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count <= limit { return trimmed.isEmpty ? "(empty)" : trimmed }
        return String(trimmed.prefix(limit)) + "… (\(trimmed.count) chars)"
    }

    /// stdout parsed as one JSON object.
    func json() throws -> [String: Any] {
        guard let data = stdout.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let dictionary = object as? [String: Any] else {
            throw HarnessError("stdout is not a JSON object: \(self)")
        }
        return dictionary
    }
}

// MARK: - A running process

/// Kills a child with SIGKILL at its deadline, from a thread of its own, unless it ended or
/// `cancel` came first.
final class DeadlineKiller: @unchecked Sendable {
    private let lock = NSLock()
    private var didFire = false
    private var cancelled = false

    init(_ process: Process, deadline: UInt64) {
        DetachedThread { [self] in
            while true {
                lock.lock()
                let stop = cancelled
                lock.unlock()
                if stop || !process.isRunning { return }
                if Clock.monotonicNanoseconds() > deadline {
                    kill(process.processIdentifier, SIGKILL)
                    lock.lock()
                    didFire = true
                    lock.unlock()
                    return
                }
                usleep(5_000)
            }
        }.start()
    }

    var fired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return didFire
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
}

/// One spawned child. Killed with SIGKILL if it is still running when the last reference goes.
final class RunningProcess: @unchecked Sendable {
    let command: [String]
    let process: Process
    let stdoutPath: String
    let stderrPath: String
    let started: UInt64

    init(command: [String], process: Process, stdoutPath: String, stderrPath: String) {
        self.command = command
        self.process = process
        self.stdoutPath = stdoutPath
        self.stderrPath = stderrPath
        self.started = Clock.monotonicNanoseconds()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    func kill9() { send(SIGKILL) }

    /// Waits for the exit; on timeout kills the process (SIGKILL) and throws, which fails the test.
    func wait(timeout: Double, context: String? = nil) async throws -> ProcessResult {
        let deadline = Clock.monotonicNanoseconds() + UInt64(timeout * 1e9)
        // The deadline is kept on a thread of its own: the tests' task pool (two threads on two
        // cores) can be busy with synchronous tests for longer than a timeout, and a child must
        // not outlive its deadline, nor pass for finished in time, because this task was late.
        let killer = DeadlineKiller(process, deadline: deadline)
        defer { killer.cancel() }
        while process.isRunning {
            if Clock.monotonicNanoseconds() > deadline {
                kill(process.processIdentifier, SIGKILL)
                while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
                throw HarnessError("\(context.map { $0 + ": " } ?? "")timed out after \(timeout) s and was killed: \(result())")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        if killer.fired {
            throw HarnessError("\(context.map { $0 + ": " } ?? "")timed out after \(timeout) s and was killed: \(result())")
        }
        return result()
    }

    private func result() -> ProcessResult {
        let signaled = process.terminationReason == .uncaughtSignal
        return ProcessResult(command: command,
                             exitCode: signaled ? nil : process.terminationStatus,
                             signal: signaled ? process.terminationStatus : nil,
                             stdout: stdout, stderr: stderr,
                             seconds: Clock.milliseconds(since: started) / 1000)
    }

    /// Waits until stdout has a line starting with `prefix` and returns that line. Throws (after
    /// killing the process) on timeout, and throws if the process exits first.
    func waitForLine(prefix: String, timeout: Double) async throws -> String {
        let deadline = Clock.monotonicNanoseconds() + UInt64(timeout * 1e9)
        while true {
            for line in stdout.split(separator: "\n") where line.hasPrefix(prefix) { return String(line) }
            if !process.isRunning {
                // One last look: the line may have been written just before the exit.
                for line in stdout.split(separator: "\n") where line.hasPrefix(prefix) { return String(line) }
                throw HarnessError("exited before printing a line starting with \"\(prefix)\": \(result())")
            }
            if Clock.monotonicNanoseconds() > deadline {
                kill(process.processIdentifier, SIGKILL)
                while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
                throw HarnessError("no line starting with \"\(prefix)\" within \(timeout) s; killed: \(result())")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

// MARK: - Sandbox: one temporary container per test

/// A fresh directory per test: `container/` (the app group container, empty at first), `io/`
/// (captured stdin/stdout/stderr) and `xdg/` (XDG_DATA_HOME, so nothing can fall back to the
/// real home). Removed by `remove()`.
final class Sandbox: @unchecked Sendable {
    let base: String
    let container: String
    let io: String
    let layout: ContainerLayout
    private let lock = NSLock()
    private var counter = 0

    static let defaultTimeout: Double = 90

    init(_ label: String) throws {
        var template = Array("/tmp/tg-integ-\(label)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw HarnessError("mkdtemp failed: errno \(errno)") }
        base = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        container = base + "/container"
        io = base + "/io"
        layout = ContainerLayout(containerPath: container)
        for dir in [container, io, base + "/xdg"] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
    }

    func remove() {
        if ProcessInfo.processInfo.environment["INTEG_KEEP_SANDBOX"] == "1" {
            print("keeping sandbox \(base)")
            return
        }
        try? FileManager.default.removeItem(atPath: base)
    }

    var rootPath: String { layout.rootPath }

    private func nextId() -> Int {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        return counter
    }

    /// The environment every child gets: the test's own, without anything that could point it
    /// at another container or identity, plus `extra`.
    func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "APP_GROUP_CONTAINER")
        env.removeValue(forKey: "TELEGRAM_BUNDLE_ID")
        env["XDG_DATA_HOME"] = base + "/xdg"
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Spawns `launchPath` with `arguments` exactly as given.
    func spawnRaw(_ launchPath: String, _ arguments: [String], stdin: String? = nil,
                  env: [String: String] = [:], label: String) throws -> RunningProcess {
        let id = nextId()
        let safe = label.replacingOccurrences(of: "/", with: "_")
        let outPath = "\(io)/\(id)-\(safe).out", errPath = "\(io)/\(id)-\(safe).err"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launchPath)
        process.arguments = arguments
        process.environment = environment(env)
        process.currentDirectoryURL = URL(fileURLWithPath: io)
        let inHandle: FileHandle
        if let stdin {
            let inPath = "\(io)/\(id)-\(safe).in"
            _ = FileManager.default.createFile(atPath: inPath, contents: Data(stdin.utf8))
            inHandle = FileHandle(forReadingAtPath: inPath)!
        } else {
            inHandle = FileHandle(forReadingAtPath: "/dev/null")!
        }
        let outHandle = FileHandle(forWritingAtPath: outPath)!
        let errHandle = FileHandle(forWritingAtPath: errPath)!
        process.standardInput = inHandle
        process.standardOutput = outHandle
        process.standardError = errHandle
        defer {
            try? inHandle.close()
            try? outHandle.close()
            try? errHandle.close()
        }
        try process.run()
        return RunningProcess(command: [launchPath] + arguments, process: process,
                              stdoutPath: outPath, stderrPath: errPath)
    }

    /// The argument list for one of our executables: `--container` goes last (after the subcommand).
    func arguments(_ args: [String], container: Bool) -> [String] {
        container ? args + ["--container", self.container] : args
    }

    /// Starts one of the built executables against this sandbox's container.
    func start(_ executable: String, _ args: [String], stdin: String? = nil, env: [String: String] = [:],
               containerFlag: Bool = true) throws -> RunningProcess {
        try spawnRaw(Executables.path(executable), arguments(args, container: containerFlag),
                     stdin: stdin, env: env, label: executable + "-" + (args.first ?? ""))
    }

    /// Runs one of the built executables to completion (killed and thrown on timeout).
    @discardableResult
    func run(_ executable: String, _ args: [String], stdin: String? = nil, env: [String: String] = [:],
             containerFlag: Bool = true, timeout: Double = Sandbox.defaultTimeout) async throws -> ProcessResult {
        let process = try start(executable, args, stdin: stdin, env: env, containerFlag: containerFlag)
        return try await process.wait(timeout: timeout)
    }

    /// Runs and requires exit 0; the thrown error carries the whole result.
    @discardableResult
    func runOK(_ executable: String, _ args: [String], stdin: String? = nil, env: [String: String] = [:],
               timeout: Double = Sandbox.defaultTimeout) async throws -> ProcessResult {
        let result = try await run(executable, args, stdin: stdin, env: env, timeout: timeout)
        guard result.succeeded else { throw HarnessError("expected exit 0: \(result)") }
        return result
    }

    /// Runs several commands at once and returns their results in order.
    func runConcurrently(_ commands: [(String, [String])], timeout: Double = Sandbox.defaultTimeout) async throws -> [ProcessResult] {
        let started = try commands.map { try start($0.0, $0.1) }
        var results: [ProcessResult] = []
        for process in started { results.append(try await process.wait(timeout: timeout)) }
        return results
    }

    /// Starts `main run` and waits for its `ready pid=<pid>` line; returns the process and the pid
    /// the line announced.
    func startMainRun(_ extraArgs: [String] = [], timeout: Double = 60) async throws -> (RunningProcess, Int32) {
        let process = try start(Executables.main, ["run"] + extraArgs)
        let line = try await process.waitForLine(prefix: "ready pid=", timeout: timeout)
        let digits = line.dropFirst("ready pid=".count).prefix { $0.isNumber }
        guard let pid = Int32(digits) else { throw HarnessError("unparsable ready line \"\(line)\"") }
        return (process, pid)
    }

    // MARK: Common fixtures

    /// `main login` with `--json`; returns the new account's id.
    @discardableResult
    func login(phone: String = "+15550100001", name: String = "Ada Lovelace") async throws -> Int64 {
        let result = try await runOK(Executables.main, ["login", "--phone", phone, "--name", name, "--json"])
        let json = try result.json()
        guard let idString = json["accountId"] as? String, let id = Int64(idString) else {
            throw HarnessError("login --json has no string accountId: \(result)")
        }
        return id
    }

    /// `main seed --json`.
    @discardableResult
    func seed(peers: Int, messages: Int, seed: Int? = nil, timeout: Double = 120) async throws -> [String: Any] {
        var args = ["seed", "--peers", "\(peers)", "--messages", "\(messages)", "--json"]
        if let seed { args += ["--seed", "\(seed)"] }
        return try await runOK(Executables.main, args, timeout: timeout).json()
    }

    /// `<ext> bootstrap --json` for one extension, requiring exit 0.
    func bootstrap(_ ext: String, env: [String: String] = [:]) async throws -> [String: Any] {
        try await runOK(ext, ["bootstrap", "--json"], env: env).json()
    }

    /// All five extensions' bootstrap at once; results by extension name, every one required to exit 0.
    func bootstrapAll() async throws -> [(String, ProcessResult, [String: Any])] {
        let results = try await runConcurrently(Executables.extensionNames.map { ($0, ["bootstrap", "--json"]) })
        return try zip(Executables.extensionNames, results).map { name, result in
            guard result.succeeded else { throw HarnessError("\(name) bootstrap failed: \(result)") }
            return (name, result, try result.json())
        }
    }
}

/// Runs `body` with a fresh sandbox and removes it afterwards.
func withSandbox<T>(_ label: String, _ body: (Sandbox) async throws -> T) async throws -> T {
    try Executables.requireBuilt()
    let sandbox = try Sandbox(label)
    defer { sandbox.remove() }
    return try await body(sandbox)
}

// MARK: - Inspecting the container from outside

enum ContainerFiles {
    /// Every regular file under `root` (recursively, not following symlinks), as paths relative to
    /// `root`. FIFOs, sockets and devices are skipped (reading a FIFO would block).
    static func regularFiles(under root: String) -> [String] {
        var out: [String] = []
        func walk(_ dir: String, _ relative: String) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
            for name in names.sorted() {
                let full = dir + "/" + name
                let rel = relative.isEmpty ? name : relative + "/" + name
                var st = stat()
                guard lstat(full, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR: walk(full, rel)
                case S_IFREG: out.append(rel)
                default: break
                }
            }
        }
        walk(root, "")
        return out
    }

    /// Every entry (any type) under `root`, relative.
    static func allEntries(under root: String) -> [String] {
        (try? FileManager.default.subpathsOfDirectory(atPath: root))?.sorted() ?? []
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Size in bytes (lstat), nil when absent.
    static func size(_ path: String) -> Int? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return Int(st.st_size)
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    /// Permission bits (lstat), nil when absent.
    static func mode(_ path: String) -> mode_t? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return st.st_mode & 0o7777
    }

    /// `telegram-data/account-*` directories.
    static func accountDirectories(_ layout: ContainerLayout) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: layout.rootPath)) ?? [])
            .filter { $0.hasPrefix("account-") }.sorted()
    }

    /// Every Postbox and AccountManager file, and the device key, by path relative to
    /// telegram-data; `-shm` files (shared memory, rewritten by any reader) are excluded.
    static func storeSnapshot(_ layout: ContainerLayout) -> [String: Data] {
        var roots = [layout.accountsMetadataPath]
        for account in accountDirectories(layout) { roots.append(layout.rootPath + "/" + account + "/postbox/db") }
        var snapshot: [String: Data] = [:]
        for root in roots {
            let prefix = String(root.dropFirst(layout.rootPath.count + 1))
            for file in regularFiles(under: root) where !file.hasSuffix("-shm") {
                snapshot[prefix + "/" + file] = bytes(root + "/" + file) ?? Data()
            }
        }
        snapshot[".tempkey"] = bytes(layout.deviceKeyPath)
        return snapshot
    }

    /// A readable list of what differs between two snapshots (empty when identical).
    static func differences(_ before: [String: Data], _ after: [String: Data]) -> [String] {
        var out: [String] = []
        for key in Set(before.keys).union(after.keys).sorted() {
            switch (before[key], after[key]) {
            case (nil, let a?): out.append("\(key): created (\(a.count) bytes)")
            case (let b?, nil): out.append("\(key): deleted (was \(b.count) bytes)")
            case (let b?, let a?) where b != a: out.append("\(key): changed (\(b.count) → \(a.count) bytes)")
            default: break
            }
        }
        return out
    }
}

enum TestRandom {
    static func bytes(_ count: Int) -> Data {
        var g = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0 ... 255, using: &g) })
    }
}

extension Data {
    func write(toPath path: String) throws { try write(to: URL(fileURLWithPath: path)) }
}

/// Opens a store read-only from the test process with the key derived from the container's
/// current `.tempkey` and returns `PRAGMA integrity_check`'s answer. Throws when the key does not
/// open it.
func integrityCheck(databasePath: String, purpose: String, layout: ContainerLayout) throws -> String {
    guard let deviceKey = try DeviceKey.load(path: layout.deviceKeyPath) else {
        throw HarnessError("no device key at \(layout.deviceKeyPath)")
    }
    let box = try ValueBox(path: databasePath, key: KeyDerivation.key(for: purpose, from: deviceKey),
                           readOnly: true,
                           schemaVersion: purpose == "account-manager" ? SharedDataStore.schemaVersion : PostboxTable.schemaVersion)
    return try box.integrityCheck()
}

func postboxPurpose(_ accountId: Int64) -> String { "postbox/\(UInt64(bitPattern: accountId))" }
