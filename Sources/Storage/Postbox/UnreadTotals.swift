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
    /// With muted chats included this is the counters row. Without them, the muted chats' totals
    /// that main keeps (MutedUnread) are taken off, while they hold at `now`; when they do not (a
    /// mute ran out since, an older writer, none kept yet) the muted chats are counted from their
    /// settings and read states, which gives the same answer, slower.
    public func unreadTotals(includeMuted: Bool, now: Int32) throws -> UnreadTotals {
        let counters = try counters()
        let totals = UnreadTotals(messages: counters.totalUnreadMessages, chats: counters.totalUnreadChats)
        if includeMuted { return totals }
        let muted: MutedUnread
        if let changed = cachedMutedUnread, changed.since <= now, now < changed.validUntil {
            muted = changed  // as this write transaction left it
        } else if let stored = try storedMutedUnread(), stored.holds(at: now, counters: counters) {
            muted = stored
        } else {
            muted = try countMutedUnread(now: now)
        }
        return UnreadTotals(messages: totals.messages - muted.messages, chats: totals.chats - muted.chats)
    }
}
