import Foundation

/// Tools/push-relay as a child process: the device tokens it handed out and, per push the test
/// server POSTed, the notify-service run it started (deliveries.jsonl).
public final class PushRelayProcess: @unchecked Sendable {
    public let port: Int
    public let state: String
    private let process: RunningProcess

    public struct Delivery: Decodable, Sendable {
        public let container: String
        public let exit: JSONValue
        public let stdout: String
        public let stderr: String

        /// notify-service's --json report.
        public var content: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }
    }

    private init(port: Int, state: String, process: RunningProcess) {
        (self.port, self.state, self.process) = (port, state, process)
    }

    deinit { process.kill9() }

    public var address: String { "127.0.0.1:\(port)" }

    /// Started with `env` (the desktop bus notify-service posts to), starting the built notify-service.
    public static func start(_ sandbox: Sandbox, env: [String: String]) async throws -> PushRelayProcess {
        let state = sandbox.base + "/push-relay"
        let process = try sandbox.spawn(try PackagePaths.requireVenvPython(),
                                        [PackagePaths.pushRelay, "--notify-service", Executables.path("notify-service"), "--state", state],
                                        env: env.merging(["PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1"]) { $1 }, label: "push-relay")
        let line = try await process.waitForLine(prefix: "{\"ready\"", timeout: 30)
        let ready = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        guard let port = ready?["port"] as? Int else { throw HarnessError("push-relay's ready line: \(line)") }
        return PushRelayProcess(port: port, state: state, process: process)
    }

    public func deliveries() throws -> [Delivery] {
        guard let text = try? String(contentsOfFile: state + "/deliveries.jsonl", encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Delivery.self, from: Data($0.utf8)) }
    }

    public var log: String { process.stderr }
}

/// Polls `condition` every 100 ms until it holds; throws naming `what` after `timeout` seconds.
public func waitUntil(_ what: String, timeout: Double = 20, _ condition: () async throws -> Bool) async throws {
    let start = Date()
    while Date().timeIntervalSince(start) < timeout {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(100))
    }
    throw HarnessError("\(what): not within \(timeout) s")
}
