import Formats
import KeyValueStore

/// The unread messages and chats of the chats muted now, kept by main beside the counters, so the
/// badge without muted chats (`unreadTotals(includeMuted: false)`, every push) is two rows, not a
/// walk over every chat's notification settings. Telegram's Postbox keeps such a filtered total
/// for the same reason.
///
/// A mute runs out by itself, so the totals hold only for a while: every chat counted here, and
/// every muted chat with unread messages, stays muted until at least `validUntil`, and each
/// change was judged at a moment no later than `since`. For a clock reading in
/// `since ..< validUntil` the totals are exact; outside it a reader counts as before, and main
/// counts afresh at its next change. `totalsAt` are the counters' totals when this was written:
/// a writer that changed unread counts without keeping this row (an older build) is noticed by
/// the mismatch, and the row is not used.
struct MutedUnread: BinaryCodable, Equatable {
    static let key = ValueBoxKey("mutedUnread")

    var messages: Int64 = 0
    var chats: Int64 = 0
    var since: Int32
    var validUntil: Int32 = .max
    var totalsAt = UnreadTotals(messages: 0, chats: 0)

    init(since: Int32) { self.since = since }

    func holds(at now: Int32, counters: PostboxCounters) -> Bool {
        since <= now && now < validUntil
            && totalsAt == UnreadTotals(messages: counters.totalUnreadMessages, chats: counters.totalUnreadChats)
    }

    /// A chat muted until `muteUntil` went from `before` to `after` unread messages.
    mutating func count(from before: Int32, to after: Int32, mutedUntil muteUntil: Int32) {
        messages += Int64(after) - Int64(before)
        chats += Int64((after > 0 ? 1 : 0) - (before > 0 ? 1 : 0))
        if after > 0 { validUntil = min(validUntil, muteUntil) }
    }

    func encode(to w: inout BinaryWriter) {
        w.write(UInt8(1))
        w.write(messages)
        w.write(chats)
        w.write(since)
        w.write(validUntil)
        w.write(totalsAt.messages)
        w.write(totalsAt.chats)
    }

    init(from r: inout BinaryReader) throws {
        guard try r.readUInt8() == 1 else { throw BinaryReader.Truncated() }
        messages = try r.readInt64()
        chats = try r.readInt64()
        since = try r.readInt32()
        validUntil = try r.readInt32()
        totalsAt = UnreadTotals(messages: try r.readInt64(), chats: try r.readInt64())
    }
}

extension PostboxTransaction {
    /// The stored row, nil when there is none (or it is of another version: read as absent).
    func storedMutedUnread() throws -> MutedUnread? {
        try valueBox.get(PostboxTable.metadata, MutedUnread.key).flatMap { try? MutedUnread(decoding: $0) }
    }

    /// Counts the muted chats' unread messages from their settings and read states, as of `now`.
    func countMutedUnread(now: Int32) throws -> MutedUnread {
        var muted = MutedUnread(since: now)
        try valueBox.range(PostboxTable.peerNotificationSettings, start: PostboxKeys.firstPeer, end: PostboxKeys.afterLastPeer) { key, value in
            let settings = try PeerNotificationSettings(decoding: value)
            guard settings.isMuted(at: now), let state = try readState(PeerId(key.int64(at: 0))), state.shownUnreadCount > 0 else { return true }
            muted.count(from: 0, to: state.shownUnreadCount, mutedUntil: settings.muteUntil)
            return true
        }
        return muted
    }

    /// Keeps the row in step with one change, made after the change's rows are written and
    /// before the counters take it (so that the stored row is checked against the counters it was
    /// written with). `change` gets the totals as they stand and the clock reading the change is
    /// judged at; when the totals no longer hold they are counted afresh instead, a count that
    /// already includes the change.
    func updateMutedUnread(_ change: (inout MutedUnread, Int32) throws -> Void) throws {
        let now = clock()
        var current = cachedMutedUnread
        if current == nil, let stored = try storedMutedUnread(), stored.holds(at: now, counters: try counters()) {
            current = stored
        }
        if var muted = current, muted.since <= now, now < muted.validUntil {
            try change(&muted, now)
            muted.since = now
            cachedMutedUnread = muted
        } else {
            cachedMutedUnread = try countMutedUnread(now: now)
        }
    }

    /// Written with the counters at the end of a write transaction that changed it.
    func saveMutedUnread() throws {
        guard var muted = cachedMutedUnread else { return }
        let counters = try counters()
        muted.totalsAt = UnreadTotals(messages: counters.totalUnreadMessages, chats: counters.totalUnreadChats)
        try valueBox.set(PostboxTable.metadata, MutedUnread.key, muted.encoded())
    }
}
