/// A chat's unread messages as a screen counted them when it opened (the "N unread messages"
/// divider): the incoming messages above the read mark of then, up to the newest message of then.
/// Reading does not change what it counted; only deletions do (`PostboxTransaction.unreadSpan(_:again:)`).
public struct UnreadSpan: Equatable, Sendable {
    /// The oldest of them still stored.
    public var first: MessageIndex
    public var count: Int32
    /// The read mark and the newest id of the chat when it was counted: the ids it covers.
    public let readMark: Int32
    public let newestId: Int32
    /// The chat's `ReadState.deletions` when counted: the same, and nothing has gone since.
    public var deletions: Int32

    public init(first: MessageIndex, count: Int32, readMark: Int32, newestId: Int32, deletions: Int32) {
        self.first = first
        self.count = count
        self.readMark = readMark
        self.newestId = newestId
        self.deletions = deletions
    }
}

extension PostboxTransaction {
    /// Where a chat's unread messages start: the oldest incoming message above the read mark, and
    /// how many are unread; nil when none is. Found through the id index (the lowest stored id
    /// above the mark) and a short walk from there past outgoing messages, so a chat with 10,000
    /// unread opens at its divider without reading them.
    public func firstUnreadIncoming(_ peerId: PeerId, namespace: Int32 = MessageId.cloudNamespace) throws -> UnreadSpan? {
        guard let state = try readState(peerId), state.unreadCount > 0,
              let first = try firstIncoming(peerId, namespace: namespace, above: state.maxIncomingReadId, from: nil) else { return nil }
        return UnreadSpan(first: first, count: state.shownUnreadCount, readMark: state.maxIncomingReadId,
                          newestId: try MessageIdIndex.maxId(valueBox, peerId, namespace: namespace), deletions: state.deletions)
    }

    /// `span` after whatever was deleted from the chat since it was counted: the incoming messages
    /// it covers that are still stored, and the oldest of them; nil when none is left. Unchanged
    /// (one read of the read state) when nothing was deleted.
    ///
    /// Counted without reading what it covers, which can be the whole of a 100,000-message chat:
    /// the stored unread count is exact (every write keeps it so), and the covered messages are
    /// those unread now, plus those read since (between the two marks), less those that came
    /// after it was counted. Only the messages read or received while the chat was open are read.
    public func unreadSpan(_ span: UnreadSpan, again peerId: PeerId, namespace: Int32 = MessageId.cloudNamespace) throws -> UnreadSpan? {
        guard let state = try readState(peerId) else { return nil }
        guard state.deletions != span.deletions else { return span }
        let mark = state.maxIncomingReadId
        var count = Int64(state.shownUnreadCount)
        if mark > span.readMark {
            count += Int64(try storedIncoming(peerId, namespace: namespace, above: span.readMark, upTo: mark))
        } else if mark < span.readMark {
            count -= Int64(try storedIncoming(peerId, namespace: namespace, above: mark, upTo: span.readMark))
        }
        count -= Int64(try storedIncoming(peerId, namespace: namespace, above: span.newestId, upTo: .max))
        guard count > 0 else { return nil }
        var again = span
        again.count = Int32(clamping: count)
        again.deletions = state.deletions
        if try message(span.first) == nil {
            guard let first = try firstIncoming(peerId, namespace: namespace, above: span.readMark, from: span.first),
                  first.id.id <= span.newestId else { return nil }
            again.first = first
        }
        return again
    }

    /// The oldest incoming message with an id above `mark`: from the lowest such id in the id index
    /// (or after `from`), past outgoing messages.
    private func firstIncoming(_ peerId: PeerId, namespace: Int32, above mark: Int32, from: MessageIndex?) throws -> MessageIndex? {
        var after = from
        if after == nil {
            guard let next = try MessageIdIndex.lowestId(valueBox, peerId, namespace: namespace, above: mark),
                  let timestamp = try MessageIdIndex.timestamp(valueBox, MessageId(peerId: peerId, namespace: namespace, id: next)) else { return nil }
            let start = MessageIndex(id: MessageId(peerId: peerId, namespace: namespace, id: next), timestamp: timestamp)
            if let message = try message(start), message.isIncoming { return start }
            after = start
        }
        var found: MessageIndex?
        try forEachMessageOldestFirst(peerId, namespace: namespace, after: after) { index, value in
            if index.id.id > mark, try Message(index: index, decoding: value).isIncoming {
                found = index
                return false
            }
            return true
        }
        return found
    }

    /// The stored incoming messages with ids in `low < id ≤ high`, read oldest first from the
    /// lowest id above `low` (ids grow with time in a chat) until the first id above `high`.
    private func storedIncoming(_ peerId: PeerId, namespace: Int32, above low: Int32, upTo high: Int32) throws -> Int32 {
        guard low < high, let next = try MessageIdIndex.lowestId(valueBox, peerId, namespace: namespace, above: low), next <= high,
              let timestamp = try MessageIdIndex.timestamp(valueBox, MessageId(peerId: peerId, namespace: namespace, id: next)) else { return 0 }
        let start = MessageIndex(id: MessageId(peerId: peerId, namespace: namespace, id: next), timestamp: timestamp)
        var count: Int32 = try message(start)?.isIncoming == true ? 1 : 0
        try forEachMessageOldestFirst(peerId, namespace: namespace, after: start) { index, value in
            if index.id.id > high { return false }
            if index.id.id > low, try Message(index: index, decoding: value).isIncoming { count += 1 }
            return true
        }
        return count
    }
}
