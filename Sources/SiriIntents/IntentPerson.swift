import TelegramCore

/// INPerson as Telegram fills it: `customIdentifier` "tg<peerId>", the Telegram name, and the
/// device contact's name when the person was found through the address book.
public struct IntentPerson: Codable, Equatable, Sendable {
    public let customIdentifier: String
    public let peerId: Int64
    public let displayName: String
    public let contactName: String?

    public init(_ resolved: ResolvedPerson) {
        self.init(resolved.peer, contactName: resolved.contactName)
    }

    public init(_ peer: EnginePeer, contactName: String? = nil) {
        customIdentifier = IntentPerson.customIdentifier(peer.id)
        peerId = peer.id.toInt64()
        displayName = peer.displayTitle
        self.contactName = contactName
    }

    public static func customIdentifier(_ id: EnginePeer.Id) -> String { "tg\(id.toInt64())" }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(customIdentifier, forKey: .customIdentifier)
        try c.encode(peerId, forKey: .peerId)
        try c.encode(displayName, forKey: .displayName)
        try c.encode(contactName, forKey: .contactName)
    }

    /// "Farid Tanaka (Mom, tg1000000)".
    public var label: String {
        let alias = contactName.flatMap { $0 == displayName || $0.isEmpty ? nil : $0 }
        return "\(displayName) (\(alias.map { $0 + ", " } ?? "")\(customIdentifier))"
    }
}
