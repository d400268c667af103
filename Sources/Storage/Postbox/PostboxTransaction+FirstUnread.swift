extension PostboxTransaction {
    /// Where a chat's unread messages start: the oldest incoming message above the read mark, and
    /// how many are unread; nil when none is. Found through the id index (the lowest stored id
    /// above the mark) and a short walk from there past outgoing messages, so a chat with 10,000
    /// unread opens at its divider without reading them.
    public func firstUnreadIncoming(_ peerId: PeerId, namespace: Int32 = MessageId.cloudNamespace) throws -> (index: MessageIndex, count: Int32)? {
        guard let state = try readState(peerId), state.unreadCount > 0 else { return nil }
        guard let next = try MessageIdIndex.lowestId(valueBox, peerId, namespace: namespace, above: state.maxIncomingReadId),
              let timestamp = try MessageIdIndex.timestamp(valueBox, MessageId(peerId: peerId, namespace: namespace, id: next)) else { return nil }
        let start = MessageIndex(id: MessageId(peerId: peerId, namespace: namespace, id: next), timestamp: timestamp)
        if let message = try message(start), message.isIncoming { return (start, state.unreadCount) }
        var found: MessageIndex?
        try forEachMessageOldestFirst(peerId, namespace: namespace, after: start) { index, value in
            if index.id.id > state.maxIncomingReadId, try Message(index: index, decoding: value).isIncoming {
                found = index
                return false
            }
            return true
        }
        return found.map { ($0, state.unreadCount) }
    }
}
