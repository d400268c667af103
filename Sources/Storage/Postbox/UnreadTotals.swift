/// The app badge's numbers (Telegram's getTotalUnreadState for the root group).
public struct UnreadTotals: Equatable, Sendable {
    public var messages: Int64
    public var chats: Int64

    public init(messages: Int64, chats: Int64) {
        self.messages = messages
        self.chats = chats
    }
}

extension PostboxTransaction {
    /// With muted chats included this is the counters row, O(1). Without them, mute depends on the
    /// clock (a mute runs out), so the chats with notification settings are visited — far fewer
    /// than the chats — and the unread messages of those muted now are taken off the totals.
    public func unreadTotals(includeMuted: Bool, now: Int32) throws -> UnreadTotals {
        let counters = try counters()
        var totals = UnreadTotals(messages: counters.totalUnreadMessages, chats: counters.totalUnreadChats)
        if includeMuted { return totals }
        try valueBox.range(PostboxTable.peerNotificationSettings, start: PostboxKeys.firstPeer, end: PostboxKeys.afterLastPeer) { key, value in
            guard try PeerNotificationSettings(decoding: value).isMuted(at: now),
                  let state = try readState(PeerId(key.int64(at: 0))), state.unreadCount > 0 else { return true }
            totals.messages -= Int64(state.unreadCount)
            totals.chats -= 1
            return true
        }
        return totals
    }
}
