/// The top of the chat list and the tab's badge, read together so the rows and the badge always
/// describe the same state of the store.
public struct ChatListPage: Equatable, Sendable {
    public var items: [ChatListItem]
    /// Chats with unread messages, however few of them are in `items` (muted ones as asked).
    public var unreadChats: Int64

    public init(items: [ChatListItem], unreadChats: Int64) {
        self.items = items
        self.unreadChats = unreadChats
    }
}
