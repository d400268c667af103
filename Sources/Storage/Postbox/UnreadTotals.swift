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
    /// clock (a mute runs out), so the chats with unread messages are visited and their settings read.
    public func unreadTotals(includeMuted: Bool, now: Int32) throws -> UnreadTotals {
        let counters = try counters()
        if includeMuted { return UnreadTotals(messages: counters.totalUnreadMessages, chats: counters.totalUnreadChats) }
        var totals = UnreadTotals(messages: 0, chats: 0)
        try valueBox.range(PostboxTable.readState, start: PostboxKeys.firstPeer, end: PostboxKeys.afterLastPeer) { key, value in
            let state = try ReadState(decoding: value)
            guard state.unreadCount > 0 else { return true }
            let peerId = PeerId(key.int64(at: 0))
            if try notificationSettings(peerId)?.isMuted(at: now) ?? false { return true }
            totals.messages += Int64(state.unreadCount)
            totals.chats += 1
            return true
        }
        return totals
    }
}
