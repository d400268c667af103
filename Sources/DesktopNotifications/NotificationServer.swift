/// The session's notification server, `org.freedesktop.Notifications` (Desktop Notifications
/// Specification 1.2): capabilities, Notify, CloseNotification. Each call waits at most
/// `timeoutMilliseconds`.
public struct NotificationServer {
    public static let busName = "org.freedesktop.Notifications"
    static let objectPath = "/org/freedesktop/Notifications"
    static let interface = "org.freedesktop.Notifications"

    public let bus: SessionBus
    public let timeoutMilliseconds: Int32

    public init(bus: SessionBus, timeoutMilliseconds: Int32) {
        self.bus = bus
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    private func method(_ name: String) -> BusMessage {
        BusMessage.methodCall(destination: Self.busName, path: Self.objectPath, interface: Self.interface, method: name)
    }

    /// GetCapabilities: what the server supports ("actions", "body", "inline-reply", ...).
    /// `timeoutMilliseconds`: this call's own bound, when shorter than the server's.
    public func capabilities(timeoutMilliseconds: Int32? = nil) throws(BusFailure) -> [String] {
        guard let capabilities = try bus.call(method("GetCapabilities"), timeoutMilliseconds: timeoutMilliseconds ?? self.timeoutMilliseconds)
            .reader().stringArray() else {
            throw BusFailure(.callFailed, "GetCapabilities answered something other than a list of strings")
        }
        return capabilities
    }

    /// Notify: shows (or replaces) a notification; the server's id for it.
    public func notify(_ notification: DesktopNotification) throws(BusFailure) -> UInt32 {
        try sendNotify(notification).id()
    }

    /// Notify sent, its id read later: the caller works while the call travels to the server.
    public func sendNotify(_ notification: DesktopNotification) throws(BusFailure) -> PendingNotify {
        let message = method("Notify")
        let out = message.appender()
        out.append(string: notification.appName).append(uint32: notification.replacesId).append(string: "")
            .append(string: notification.summary).append(string: notification.body)
            .append(stringArray: notification.actions.flatMap { [$0.key, $0.label] })
        out.open(BusType.array, "{sv}")
        func hint(_ key: String, _ signature: String, _ value: () -> Void) {
            out.open(BusType.dictEntry, nil)
            out.append(string: key)
            out.open(BusType.variant, signature)
            value()
            out.close()
            out.close()
        }
        if let category = notification.category { hint("category", "s") { out.append(string: category) } }
        if let entry = notification.desktopEntry { hint("desktop-entry", "s") { out.append(string: entry) } }
        if let placeholder = notification.replyPlaceholder { hint("x-kde-reply-placeholder-text", "s") { out.append(string: placeholder) } }
        if let image = notification.image {
            hint("image-data", "(iiibiiay)") {
                out.open(BusType.structure, nil)
                out.append(int32: image.width).append(int32: image.height).append(int32: image.width * 4)
                    .append(bool: true).append(int32: 8).append(int32: 4).append(bytes: image.rgba)
                out.close()
            }
        }
        out.close()
        out.append(int32: notification.expireTimeout)
        return PendingNotify(call: try bus.send(message, timeoutMilliseconds: timeoutMilliseconds))
    }

    /// CloseNotification: removes a notification the server shows (one already gone is no error
    /// to the specification).
    public func close(_ id: UInt32) throws(BusFailure) {
        let message = method("CloseNotification")
        message.appender().append(uint32: id)
        _ = try bus.call(message, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Subscribes to the server's signals; `receive` then returns them.
    public func subscribe() throws(BusFailure) {
        try bus.addMatch("type='signal',sender='\(Self.busName)',interface='\(Self.interface)',path='\(Self.objectPath)'",
                         timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Waits at most `timeoutMilliseconds` for the server's signals; nil once the bus is gone.
    public func receive(timeoutMilliseconds: Int32) -> [NotificationSignal]? {
        bus.receive(timeoutMilliseconds: timeoutMilliseconds).map { $0.compactMap(NotificationSignal.init) }
    }
}

/// A Notify call on its way to the server.
public struct PendingNotify {
    let call: PendingCall

    /// The server's id for the notification, once it answers (within the call's timeout).
    public func id() throws(BusFailure) -> UInt32 {
        guard let id = try call.reply().reader().uint32() else {
            throw BusFailure(.callFailed, "Notify answered without a notification id")
        }
        return id
    }
}
