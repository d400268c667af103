internal import CDBus

/// A private connection to the session bus. Every call has a timeout, so a bus that accepts and
/// never answers costs at most that long, never a hang. Not thread-safe: one owner at a time.
public final class SessionBus {
    let connection: OpaquePointer

    /// Connects to `DBUS_SESSION_BUS_ADDRESS` (never autolaunching a bus: no session, no desktop)
    /// and registers with the bus (its Hello) within `timeoutMilliseconds`.
    public init(environment: [String: String], timeoutMilliseconds: Int32) throws(BusFailure) {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            throw BusFailure(.noSessionBus, "no session bus: DBUS_SESSION_BUS_ADDRESS is not set")
        }
        let error = BusError()
        guard let connection = dbus_connection_open_private(address, &error.raw) else {
            throw BusFailure(.connectFailed, "cannot connect to the session bus at \(address): \(error.message)")
        }
        self.connection = connection
        // A dropped bus must end a call with an error, not the process with exit(1).
        dbus_connection_set_exit_on_disconnect(connection, 0)
        do throws(BusFailure) {
            let hello = BusMessage.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                              interface: "org.freedesktop.DBus", method: "Hello")
            let reply = try call(hello, timeoutMilliseconds: timeoutMilliseconds)
            guard let name = reply.reader().string() else { throw BusFailure(.connectFailed, "the session bus answered Hello without a name") }
            dbus_bus_set_unique_name(connection, name)
        } catch {
            throw BusFailure(.connectFailed, "the session bus at \(address) did not register this client: \(error.detail)")
        }
    }

    deinit {
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// Sends a method call and waits for its reply at most `timeoutMilliseconds`.
    func call(_ message: BusMessage, timeoutMilliseconds: Int32) throws(BusFailure) -> BusMessage {
        try send(message, timeoutMilliseconds: timeoutMilliseconds).reply()
    }

    /// Sends a method call now; its reply is read later (`PendingCall.reply`), so the caller can
    /// work while the call travels. The timeout counts from now.
    func send(_ message: BusMessage, timeoutMilliseconds: Int32) throws(BusFailure) -> PendingCall {
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(connection, message.raw, &pending, timeoutMilliseconds) != 0 else {
            throw BusFailure(.callFailed, "out of memory sending a call on the session bus")
        }
        // NULL with TRUE: the connection is already closed.
        guard let pending else { throw BusFailure(.callFailed, "the session bus connection is closed") }
        dbus_connection_flush(connection)
        return PendingCall(adopting: pending)
    }

    /// Whether some connection owns `name` right now.
    public func hasOwner(_ name: String, timeoutMilliseconds: Int32) throws(BusFailure) -> Bool {
        let message = BusMessage.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                            interface: "org.freedesktop.DBus", method: "NameHasOwner")
        message.appender().append(string: name)
        return try call(message, timeoutMilliseconds: timeoutMilliseconds).reader().bool() ?? false
    }

    /// Asks the bus for the signals a match rule selects (its AddMatch, with a timeout).
    func addMatch(_ rule: String, timeoutMilliseconds: Int32) throws(BusFailure) {
        let message = BusMessage.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                            interface: "org.freedesktop.DBus", method: "AddMatch")
        message.appender().append(string: rule)
        _ = try call(message, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Waits at most `timeoutMilliseconds` for traffic and returns the messages that arrived;
    /// nil once the bus has gone away.
    func receive(timeoutMilliseconds: Int32) -> [BusMessage]? {
        guard dbus_connection_read_write(connection, timeoutMilliseconds) != 0 else { return nil }
        var messages: [BusMessage] = []
        while let raw = dbus_connection_pop_message(connection) { messages.append(BusMessage(adopting: raw)) }
        return messages
    }
}

/// A method call on its way: its reply (or an error, or the timeout) once asked for.
final class PendingCall {
    private let raw: OpaquePointer

    init(adopting raw: OpaquePointer) { self.raw = raw }

    deinit {
        // An unread reply is not waited for: dropping the call cancels its timeout.
        dbus_pending_call_cancel(raw)
        dbus_pending_call_unref(raw)
    }

    /// Waits for the reply (at most the timeout given when sent); an error reply throws.
    func reply() throws(BusFailure) -> BusMessage {
        dbus_pending_call_block(raw)
        guard let reply = dbus_pending_call_steal_reply(raw) else {
            throw BusFailure(.callFailed, "the session bus call ended without a reply")
        }
        let message = BusMessage(adopting: reply)
        let error = BusError()
        if dbus_set_error_from_message(&error.raw, reply) != 0 {
            let code: BusFailure.Code = error.name == "org.freedesktop.DBus.Error.ServiceUnknown"
                || error.name == "org.freedesktop.DBus.Error.NameHasNoOwner" ? .noServer : .callFailed
            throw BusFailure(code, error.message)
        }
        return message
    }
}

/// A DBusError that frees itself.
final class BusError {
    var raw = DBusError()

    init() { dbus_error_init(&raw) }

    deinit { dbus_error_free(&raw) }

    var name: String { raw.name.map { String(cString: $0) } ?? "" }
    var message: String {
        guard dbus_error_is_set(&raw) != 0 else { return "unknown error" }
        return raw.message.map { String(cString: $0) } ?? name
    }
}
