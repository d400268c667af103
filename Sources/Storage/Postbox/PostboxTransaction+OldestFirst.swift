import KeyValueStore

extension PostboxTransaction {
    /// Up to `limit` messages of a chat newer than `index` (from the oldest when nil), oldest
    /// first: a page below a history opened somewhere other than its end (at the first unread
    /// message, at a search hit, at the top).
    public func messages(_ peerId: PeerId, after index: MessageIndex?, namespace: Int32 = MessageId.cloudNamespace,
                         limit: Int) throws -> [Message] {
        var result: [Message] = []
        guard limit > 0 else { return result }
        try forEachMessageOldestFirst(peerId, namespace: namespace, after: index) { index, value in
            result.append(try Message(index: index, decoding: value))
            return result.count < limit
        }
        return result
    }

    /// A chat's messages oldest first in MessageIndex order, those after `after` (all when nil):
    /// the mirror of `forEachMessageNewestFirst`. In the history key a negative id sorts after
    /// the ids ≥ 0 of its timestamp, so an ascending walk holds a timestamp's ids ≥ 0 back until
    /// its negative ones are passed.
    func forEachMessageOldestFirst(_ peerId: PeerId, namespace: Int32, after: MessageIndex?,
                                   _ body: (MessageIndex, [UInt8]) throws -> Bool) throws {
        let prefix = PostboxKeys.historyPrefix(peerId, namespace: namespace)
        func walk(from start: ValueBoxKey, to end: ValueBoxKey) throws -> Bool {
            try walkHistory(from: start, to: end, holdingNegativeIds: false, body)
        }
        guard let after else {
            _ = try walk(from: prefix, to: prefix.successor)
            return
        }
        func key(_ id: Int32) -> ValueBoxKey {
            PostboxKeys.message(MessageIndex(id: MessageId(peerId: peerId, namespace: namespace, id: id), timestamp: after.timestamp))
        }
        var timestamp = prefix
        timestamp.append(after.timestamp)
        // The cursor's own timestamp first: when the cursor is negative, the negative ids above it
        // and then every id ≥ 0; else the ids above it. Then the newer timestamps.
        if after.id.id < 0 {
            guard try walk(from: key(after.id.id), to: timestamp.successor), try walk(from: timestamp, to: key(Int32.min)) else { return }
        } else {
            guard try walk(from: key(after.id.id), to: key(Int32.min)) else { return }
        }
        _ = try walk(from: timestamp.successor, to: prefix.successor)
    }

    /// The history keys between `start` and `end` (both excluded), in that order, with one
    /// timestamp's ids of one sign held back until its other ids are passed: the negative ones on a
    /// descending walk (`holdingNegativeIds`), those ≥ 0 on an ascending one; so the walk gives
    /// MessageIndex order. False once `body` stopped.
    func walkHistory(from start: ValueBoxKey, to end: ValueBoxKey, holdingNegativeIds: Bool,
                     _ body: (MessageIndex, [UInt8]) throws -> Bool) throws -> Bool {
        var held: [(MessageIndex, [UInt8])] = []
        var going = true
        func release() throws {
            for (index, value) in held where going { going = try body(index, value) }
            held.removeAll()
        }
        try valueBox.range(PostboxTable.messageHistory, start: start, end: end) { key, value in
            let index = PostboxKeys.messageIndex(from: key)
            if let first = held.first, first.0.timestamp != index.timestamp {
                try release()
                if !going { return false }
            }
            if (index.id.id < 0) == holdingNegativeIds {
                held.append((index, value))
            } else {
                going = try body(index, value)
            }
            return going
        }
        if going { try release() }
        return going
    }
}
