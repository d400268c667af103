/// What the notification server tells its clients about their notifications.
public enum NotificationSignal: Equatable, Sendable {
    /// ActionInvoked(u id, s action_key): the person chose an action ("default": the notification).
    case actionInvoked(id: UInt32, key: String)
    /// NotificationReplied(u id, s text): the inline reply's text (servers with "inline-reply").
    case replied(id: UInt32, text: String)
    /// NotificationClosed(u id, u reason): 1 expired, 2 dismissed, 3 closed by a call, 4 other.
    case closed(id: UInt32, reason: UInt32)

    init?(_ message: BusMessage) {
        let interface = NotificationServer.interface
        let args = message.reader()
        if message.isSignal(interface: interface, member: "ActionInvoked"), let id = args.uint32(), let key = args.string() {
            self = .actionInvoked(id: id, key: key)
        } else if message.isSignal(interface: interface, member: "NotificationReplied"), let id = args.uint32(), let text = args.string() {
            self = .replied(id: id, text: text)
        } else if message.isSignal(interface: interface, member: "NotificationClosed"), let id = args.uint32(), let reason = args.uint32() {
            self = .closed(id: id, reason: reason)
        } else {
            return nil
        }
    }

    public var id: UInt32 {
        switch self {
        case .actionInvoked(let id, _), .replied(let id, _), .closed(let id, _): return id
        }
    }
}
