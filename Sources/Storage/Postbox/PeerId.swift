/// Telegram's PeerId: a namespace and an id packed into one Int64 (bits 0–31 low id, 32–34
/// namespace, 35+ high id), so the packed value is what keys, push payloads and links carry.
public struct PeerId: Hashable, Comparable, Sendable, CustomStringConvertible {
    public struct Namespace: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let cloudUser = Namespace(rawValue: 0)
        public static let cloudGroup = Namespace(rawValue: 1)
        public static let cloudChannel = Namespace(rawValue: 2)
        public static let secretChat = Namespace(rawValue: 3)
    }

    public let namespace: Namespace
    public let id: Int64

    public init(namespace: Namespace, id: Int64) {
        self.namespace = namespace
        self.id = id
    }

    public init(_ packed: Int64) {
        let bits = UInt64(bitPattern: packed)
        namespace = Namespace(rawValue: Int32((bits >> 32) & 0x7))
        id = Int64(bitPattern: (bits & 0xffff_ffff) | ((bits >> 35) << 32))
    }

    public func toInt64() -> Int64 {
        let bits = UInt64(bitPattern: id)
        let packed = (bits & 0xffff_ffff) | (UInt64(UInt32(bitPattern: namespace.rawValue) & 0x7) << 32) | ((bits >> 32) << 35)
        return Int64(bitPattern: packed)
    }

    public static func < (a: PeerId, b: PeerId) -> Bool { a.toInt64() < b.toInt64() }
    public var description: String { String(toInt64()) }
}

extension PeerId {
    /// The word the CLIs use for a chat's kind: user, group, channel, secret.
    public var kindName: String {
        switch namespace {
        case .cloudUser: return "user"
        case .cloudGroup: return "group"
        case .cloudChannel: return "channel"
        case .secretChat: return "secret"
        default: return "other"
        }
    }
}
