/// What the server says of the account's place in a group or channel, kept so every process can
/// tell, before anything is queued, whether a message may go there (Telegram iOS's
/// canSendMessagesToPeer). Empty for users and for what only an export or a fixture made:
/// those say nothing of rights, and writing stays allowed.
public struct PeerRights: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A channel that posts (not a supergroup, whose members write).
    public static let broadcast = PeerRights(rawValue: 1 << 0)
    /// The account may read but not post: a broadcast channel where it is not an admin who
    /// posts, a group whose rights forbid members to send.
    public static let cannotPost = PeerRights(rawValue: 1 << 1)
    /// The account left the group or channel.
    public static let left = PeerRights(rawValue: 1 << 2)
    /// The account was removed (chatForbidden, channelForbidden).
    public static let removed = PeerRights(rawValue: 1 << 3)
    /// A basic group upgraded to a supergroup: its history stays, new messages go to the supergroup.
    public static let migrated = PeerRights(rawValue: 1 << 4)
    /// The account made the group or channel.
    public static let creator = PeerRights(rawValue: 1 << 5)
    /// The account may delete anyone's messages (the creator, an admin with delete_messages).
    public static let deletesMessages = PeerRights(rawValue: 1 << 6)
    /// The account may not pin (a broadcast channel's subscriber, a group whose rights forbid it).
    public static let cannotPin = PeerRights(rawValue: 1 << 7)
}

extension PeerRights {
    /// The account is no longer in the group or channel: it left, or was removed.
    public var isOut: Bool { !isDisjoint(with: [.left, .removed]) }
}

extension Peer {
    /// Why the account cannot write here, as a person reads it; nil when it can.
    public var writeRestriction: String? {
        let kind = rights.contains(.broadcast) ? "channel" : "group"
        if isDeleted, isUser { return "This account was deleted: it cannot receive messages" }
        if rights.contains(.removed) { return "You were removed from this \(kind)" }
        if rights.contains(.migrated) { return "This group was upgraded to a supergroup: write there" }
        if rights.contains(.left) { return "You left this \(kind)" }
        if rights.contains(.cannotPost) {
            return rights.contains(.broadcast) ? "Only the channel's admins can post here" : "Members cannot send messages in this group"
        }
        return nil
    }

    /// Why the account cannot pin or unpin here, as a person reads it; nil when it can.
    public var pinRestriction: String? {
        if let writeRestriction { return writeRestriction }
        guard rights.contains(.cannotPin) else { return nil }
        return rights.contains(.broadcast) ? "Only the channel's admins can pin here" : "Members cannot pin messages in this group"
    }
}
