/// What the Chats tab reads: the top of the list, pinned first, then newest, with the badge's count.
public protocol ChatListDataSource {
    /// The first `limit` chats as rows at `now` (mutes end), and the chats with unread messages
    /// (muted ones only when `unreadIncludingMuted`).
    func chatList(limit: Int, now: Int32, unreadIncludingMuted: Bool) throws -> ChatListPage
}
