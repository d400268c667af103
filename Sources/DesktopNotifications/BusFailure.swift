/// Why the session bus or the notification server could not be used: a code for `--json` and a
/// sentence for people. The desktop is optional, so this is reported, never thrown past the caller.
public struct BusFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// DBUS_SESSION_BUS_ADDRESS is not set (no desktop session).
        case noSessionBus
        /// The address is set but nothing answered there in time.
        case connectFailed
        /// Nothing owns org.freedesktop.Notifications (no notification server runs).
        case noServer
        /// A call was refused or not answered within its timeout.
        case callFailed
    }

    public let code: Code
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { detail }
}
