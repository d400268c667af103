/// The app's view of the extension (Telegram's `updateKeepaliveInfo`): active ⇔ the keepalive
/// carries our id and is at most 2 s old.
public enum ExtensionLiveness: Equatable, Sendable {
    case active
    case inactive(reason: String)

    public static let keepaliveTimeout: Int32 = 2

    public var isActive: Bool { self == .active }

    public static func evaluate(_ read: CoordinationRead<KeepaliveInfo>, id: UInt32, now: Int32) -> ExtensionLiveness {
        switch read {
        case .missing:
            return .inactive(reason: "no keepalive")
        case .corrupt(let reason):
            return .inactive(reason: "keepalive unreadable: \(reason)")
        case .valid(let keepalive):
            if keepalive.id != id { return .inactive(reason: "keepalive is for another call (\(keepalive.id))") }
            let age = Int64(now) - Int64(keepalive.timestamp)
            if age > Int64(keepaliveTimeout) { return .inactive(reason: "keepalive is \(age) s old") }
            return .active
        }
    }
}
