import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The Telegram-protocol test server (Tools/mtproto-server/server.py) as a child process, for
/// tests that need a server to talk MTProto to: started on 127.0.0.1 with a free port (or a given
/// one, to restart on the same port), its stdout and stderr in files of a temporary directory.
/// Killed when the last reference goes, whatever the test threw; `stop()` in a `defer` anyway.
public final class TestServer: @unchecked Sendable {
    public static let directory = PackagePaths.testServer
    public static let script = directory + "/server.py"
    /// The committed test key's public half (PKCS#1) and its fingerprint (keys/README.md).
    public static let publicKeyPath = directory + "/keys/test-server.pub.pem"
    public static let publicKeyFingerprint: Int64 = 1_518_555_758_383_962_270

    public let port: Int
    public let process: RunningProcess
    private let logs: TemporaryDirectory

    private init(port: Int, process: RunningProcess, logs: TemporaryDirectory) {
        self.port = port
        self.process = process
        self.logs = logs
    }

    deinit {
        process.kill9()
        logs.remove()
    }

    public static func requirePython() throws -> String { try PackagePaths.requireVenvPython() }

    /// Starts the server and waits (at most `timeout` seconds) for its ready line.
    /// - misbehave: server.py's `--misbehave` modes, e.g. ["wrong-msg-key"] or ["time-offset=600"].
    /// - extraArguments: more server.py options, e.g. ["--delay-method", "help.getConfig=5"].
    /// - stateDirectory: `--state`, where auth keys and salts outlive a restart.
    /// - port: 0 picks a free one; a restart passes the old server's port.
    public static func start(misbehave: [String] = [], extraArguments: [String] = [], stateDirectory: String? = nil,
                      port: Int = 0, timeout: Double = 30) throws -> TestServer {
        let python = try requirePython()
        var arguments = [script, "--port", String(port)]
        if !misbehave.isEmpty { arguments += ["--misbehave", misbehave.joined(separator: ",")] }
        if let stateDirectory { arguments += ["--state", stateDirectory] }
        arguments += extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"  // no __pycache__ in the source tree
        environment["PYTHONUNBUFFERED"] = "1"
        let logs = try TemporaryDirectory("mtproto-server")
        let process: RunningProcess
        do {
            process = try RunningProcess(python, arguments, environment: environment,
                                         stdoutPath: logs.sub("stdout"), stderrPath: logs.sub("stderr"))
        } catch {
            logs.remove()
            throw error
        }
        let server: TestServer
        do {
            server = TestServer(port: try waitForReady(process, timeout: timeout), process: process, logs: logs)
        } catch {
            process.kill9()
            logs.remove()
            throw error
        }
        return server
    }

    /// Polls stdout for {"ready": true, "port": N, "pid": P}.
    private static func waitForReady(_ process: RunningProcess, timeout: Double) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            for line in process.stdout.split(separator: "\n") {
                if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                   object["ready"] as? Bool == true, let port = object["port"] as? Int {
                    return port
                }
            }
            if !process.isRunning {
                throw HarnessError("the test server exited before it was ready: \(process.result())")
            }
            if Date() > deadline {
                throw HarnessError("the test server was not ready within \(timeout) s: \(process.result())")
            }
            usleep(20_000)
        }
    }

    /// "127.0.0.1:PORT".
    public var address: String { "127.0.0.1:\(port)" }

    /// What the server logged so far (one line per connection event).
    public var stderrText: String { process.stderr }

    public var isRunning: Bool { process.isRunning }

    /// Runs one of the server's Telethon scripts (telethon_check.py, telethon_login.py,
    /// telethon_chat.py) against it: its `command` (a subcommand, if it has them), `--server
    /// ADDRESS`, then `arguments`.
    public func runTelethon(_ script: String, command: String? = nil, _ arguments: [String], timeout: Double = 60) async throws -> ProcessResult {
        let python = try Self.requirePython()
        return try await withTemporaryDirectory("telethon") { dir in
            var environment = ProcessInfo.processInfo.environment
            environment["PYTHONDONTWRITEBYTECODE"] = "1"
            let process = try RunningProcess(python, [Self.directory + "/" + script] + (command.map { [$0] } ?? []) + ["--server", address] + arguments,
                                             environment: environment, stdoutPath: dir.sub("stdout"), stderrPath: dir.sub("stderr"))
            defer { process.kill9() }
            return try await process.wait(timeout: timeout, context: "\(script) \(arguments)")
        }
    }

    /// Telethon's telethon_chat.py `command` as the account whose session is in `session`,
    /// printing JSON; a failure is recorded as the test's issue.
    @discardableResult
    public func telethonChat(_ command: String, session: String, _ arguments: [String], timeout: Double = 120) async throws -> ProcessResult {
        let result = try await runTelethon("telethon_chat.py", command: command,
                                           ["--session-file", session, "--json", "--timeout", String(Int(timeout / 2))] + arguments, timeout: timeout)
        #expect(result.succeeded, "\(result)")
        return result
    }

    /// SIGTERM, then SIGKILL if it has not ended within two seconds; waits until it is reaped.
    public func stop() {
        process.send(SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        kill()
    }

    /// SIGKILL at once (a crash, for restart tests), and waits until it is reaped.
    public func kill() {
        process.kill9()
        while process.isRunning { usleep(5_000) }
    }
}
