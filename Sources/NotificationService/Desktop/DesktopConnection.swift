import Container
import DesktopNotifications
import Formats

/// What the desktop's part needs, made ready while the push is being composed (by the process's
/// first thread, which otherwise only waits for the enrichment): the recorded settings and the
/// session's notification server connected and asked what it can do. The
/// bus's handshake and the capabilities' round trip so leave the push's time. Nothing is posted
/// through it until the composed content says what to show; unused (a muted chat), it is dropped
/// with the process.
public final class DesktopConnection: @unchecked Sendable {
    typealias Opened = Result<(server: NotificationServer, capabilities: [String]), BusFailure>

    let settings: DesktopNotificationSettings
    /// Nil when the settings turn the desktop off: no connection is made.
    let opened: Opened?

    private init(settings: DesktopNotificationSettings, opened: Opened?) {
        self.settings = settings
        self.opened = opened
    }

    /// Whether there is a desktop to prepare for: a session bus is named and the environment does
    /// not turn the desktop off.
    public static func wanted(_ environment: [String: String]) -> Bool {
        environment["DBUS_SESSION_BUS_ADDRESS"].map { !$0.isEmpty } == true && environment["TELEGRAM_DESKTOP_NOTIFICATIONS"] != "0"
    }

    /// Nil when not `wanted` (there is nothing to gain, and DesktopDelivery says why). The bus's
    /// calls wait at most until `deadline` (monotonic nanoseconds), so the push's own deadline holds.
    public static func prepare(layout: ContainerLayout, environment: [String: String], until deadline: UInt64) -> DesktopConnection? {
        guard wanted(environment) else { return nil }
        let settings = DesktopNotificationSettings.read(layout, environment: environment)
        guard settings.desktop else { return DesktopConnection(settings: settings, opened: nil) }
        let now = Clock.monotonicNanoseconds()
        let left = Int32(clamping: deadline > now ? (deadline - now) / 1_000_000 : 0)
        return DesktopConnection(settings: settings, opened: open(environment, timeoutMilliseconds: max(1, min(DesktopDelivery.callTimeoutMilliseconds, left))))
    }

    static func open(_ environment: [String: String], timeoutMilliseconds: Int32 = DesktopDelivery.callTimeoutMilliseconds) -> Opened {
        do {
            let server = try server(environment, connectTimeoutMilliseconds: timeoutMilliseconds)
            return .success((server, try server.capabilities(timeoutMilliseconds: timeoutMilliseconds)))
        } catch {
            return .failure(error)
        }
    }

    /// The session's notification server, every call bounded by DesktopDelivery's timeout.
    static func server(_ environment: [String: String],
                       connectTimeoutMilliseconds: Int32 = DesktopDelivery.callTimeoutMilliseconds) throws(BusFailure) -> NotificationServer {
        NotificationServer(bus: try SessionBus(environment: environment, timeoutMilliseconds: connectTimeoutMilliseconds),
                           timeoutMilliseconds: DesktopDelivery.callTimeoutMilliseconds)
    }
}
