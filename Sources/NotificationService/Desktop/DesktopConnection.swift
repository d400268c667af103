import Container
import DesktopNotifications

/// The session's notification server connected and asked what it can do while the push is being
/// composed: the enrichment runs on a thread of its own and the process's first thread only waits
/// for it, so the bus's handshake and the capabilities' round trip leave the push's time. Nothing
/// is posted through it until the composed content says what to show; unused (a muted chat,
/// desktop notifications off), it is dropped with the process.
public final class DesktopConnection: @unchecked Sendable {
    typealias Opened = Result<(server: NotificationServer, capabilities: [String]), BusFailure>

    private var opened: Opened?
    private var thread: JoinableThread?

    /// Starts connecting where a session bus is named and the environment does not turn the
    /// desktop off; nil otherwise (there is nothing to gain, and DesktopDelivery says why).
    public static func openAhead(environment: [String: String]) -> DesktopConnection? {
        guard environment["DBUS_SESSION_BUS_ADDRESS"].map({ !$0.isEmpty }) == true,
              environment["TELEGRAM_DESKTOP_NOTIFICATIONS"] != "0" else { return nil }
        let connection = DesktopConnection()
        connection.thread = JoinableThread.start { [connection] in connection.opened = DesktopConnection.open(environment) }
        return connection.thread == nil ? nil : connection
    }

    static func open(_ environment: [String: String]) -> Opened {
        do {
            let server = try server(environment)
            return .success((server, try server.capabilities()))
        } catch {
            return .failure(error)
        }
    }

    /// The session's notification server, every call bounded by DesktopDelivery's timeout.
    static func server(_ environment: [String: String]) throws(BusFailure) -> NotificationServer {
        NotificationServer(bus: try SessionBus(environment: environment, timeoutMilliseconds: DesktopDelivery.callTimeoutMilliseconds),
                           timeoutMilliseconds: DesktopDelivery.callTimeoutMilliseconds)
    }

    /// The connection, once the thread has made it (or failed to).
    func result() -> Opened {
        thread?.join()
        thread = nil
        return opened ?? .failure(BusFailure(.connectFailed, "the connection was not made"))
    }
}
