import Storage

/// One chat of the list as the screen shows it: read from the Postbox, no content kept beyond
/// the row (the last message's first line).
public struct ChatListItem: Equatable, Sendable {
    public var peerId: PeerId
    public var title: String
    public var isPinned: Bool
    public var isMuted: Bool
    public var isSecret: Bool
    public var unreadCount: Int32
    /// The last message, with its sender's first name in groups ("Ada: see you").
    public var preview: String
    public var timestamp: Int32
}
