import Foundation

/// A private session bus (dbus-daemon) with python-dbusmock's notification_daemon template on
/// it, for notify-service's desktop notifications: the calls it received, and signals emitted as
/// if the person had clicked or replied.
public final class DesktopBus: @unchecked Sendable {
    public let address: String
    private let daemon: RunningProcess
    private let mock: RunningProcess
    private let helper: String

    public struct Call: Decodable, Sendable {
        public let method: String
        public let args: [JSONValue]
    }

    private init(address: String, daemon: RunningProcess, mock: RunningProcess, helper: String) {
        self.address = address
        self.daemon = daemon
        self.mock = mock
        self.helper = helper
    }

    deinit {
        mock.kill9()
        daemon.kill9()
    }

    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    public static func start(_ sandbox: Sandbox, capabilities: String = "body actions inline-reply") async throws -> DesktopBus {
        let daemon = try sandbox.spawn("/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"], label: "dbus-daemon")
        let address = try await daemon.waitForLine(prefix: "unix:", timeout: 10).trimmingCharacters(in: .whitespacesAndNewlines)
        let parameters = "{\"capabilities\": \"\(capabilities)\"}"
        let mock = try sandbox.spawn(Python.path, ["-m", "dbusmock", "--template", "notification_daemon", "-p", parameters],
                                     env: ["DBUS_SESSION_BUS_ADDRESS": address], label: "dbusmock")
        let helper = sandbox.directory.sub("dbusmock-helper.py")
        try Self.script.write(toFile: helper, atomically: true, encoding: .utf8)
        let bus = DesktopBus(address: address, daemon: daemon, mock: mock, helper: helper)
        // Python and dbus-python start slowly on a loaded machine.
        let deadline = Date().addingTimeInterval(60)
        while (try? await bus.calls(sandbox)) == nil {
            guard Date() < deadline else { throw HarnessError("the notification mock never came up: \(mock.stderr)") }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        return bus
    }

    public func calls(_ sandbox: Sandbox) async throws -> [Call] {
        let result = try await sandbox.spawnRaw(Python.path, [helper, address, "calls"], label: "dbusmock-calls").wait(timeout: 20)
        guard result.exitCode == 0 else { throw HarnessError("GetCalls failed: \(result)") }
        return try JSONDecoder().decode([Call].self, from: Data(result.stdout.utf8))
    }

    public func notifyCalls(_ sandbox: Sandbox) async throws -> [Call] { try await calls(sandbox).filter { $0.method == "Notify" } }

    public func emit(_ sandbox: Sandbox, _ name: String, _ signature: String, _ arguments: String) async throws {
        let result = try await sandbox.spawnRaw(Python.path, [helper, address, "emit", name, signature, arguments], label: "dbusmock-emit").wait(timeout: 20)
        guard result.exitCode == 0 else { throw HarnessError("EmitSignal failed: \(result)") }
    }

    /// Talks to the mock through dbus-python (python-dbusmock's own dependency).
    static let script = """
    import json, sys, dbus
    bus = dbus.bus.BusConnection(sys.argv[1])
    mock = dbus.Interface(bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications'), 'org.freedesktop.DBus.Mock')
    def plain(v):
        if isinstance(v, dbus.Dictionary): return {str(k): plain(x) for k, x in v.items()}
        if isinstance(v, dbus.Struct): return [plain(x) for x in v]
        if isinstance(v, dbus.Array):
            if v.signature == 'y': return {'bytes': len(v)}
            return [plain(x) for x in v]
        if isinstance(v, dbus.Boolean): return bool(v)
        if isinstance(v, (dbus.String, dbus.ObjectPath)): return str(v)
        if isinstance(v, (int,)): return int(v)
        return str(v)
    if sys.argv[2] == 'calls':
        print(json.dumps([{'method': str(m), 'args': [plain(a) for a in args]} for (_, m, args) in mock.GetCalls()]))
    else:
        mock.EmitSignal('org.freedesktop.Notifications', sys.argv[3], sys.argv[4], json.loads(sys.argv[5]))
    """
}

/// Any JSON value, for the mock's recorded arguments.
public enum JSONValue: Decodable, Equatable, Sendable, CustomStringConvertible {
    case string(String), number(Int64), bool(Bool), array([JSONValue]), object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Int64.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var number: Int64? { if case .number(let n) = self { return n }; return nil }
    public var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var object: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }

    public var description: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .number(let n): return "\(n)"
        case .bool(let b): return "\(b)"
        case .array(let a): return "[\(a.map(\.description).joined(separator: ", "))]"
        case .object(let o): return "{\(o.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))}"
        }
    }
}
