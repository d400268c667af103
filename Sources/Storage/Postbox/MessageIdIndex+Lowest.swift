import KeyValueStore

extension MessageIdIndex {
    /// The lowest id stored for the chat above `id`, in signed order, nil when there is none. A
    /// negative id's rows sort after the others' in big-endian bytes, so when `id` is below zero
    /// the negative rows are walked first, then the rest.
    static func lowestId(_ valueBox: ValueBox, _ peerId: PeerId, namespace: Int32, above id: Int32) throws -> Int32? {
        guard id < Int32.max else { return nil }
        /// The lowest stored id ≥ `lowest` in its own row, else the lowest of the next row before `end`.
        func scan(from lowest: Int32, end: ValueBoxKey) throws -> Int32? {
            let block = MessageIdBlock.block(of: lowest)
            let start = key(peerId, namespace: namespace, block: block)
            if let stored = try valueBox.get(PostboxTable.messageIdIndex, start) {
                let row = try MessageIdBlock(decoding: stored, key: start, in: valueBox)
                let last = Int64(block) * Int64(MessageIdBlock.width) + Int64(MessageIdBlock.width) - 1
                for candidate in Int64(lowest)...last where row.timestamp(ofId: Int32(candidate)) != nil { return Int32(candidate) }
            }
            var found: Int32?
            try valueBox.range(PostboxTable.messageIdIndex, start: start, end: end) { key, value in
                found = try MessageIdBlock(decoding: value, key: key, in: valueBox).lowestId(block: key.int32(at: 12))
                return found == nil
            }
            return found
        }
        let positivesEnd = key(peerId, namespace: namespace, block: Int32.min)
        if id + 1 < 0 {
            let negativesEnd = PostboxKeys.historyPrefix(peerId, namespace: namespace).successor
            if let found = try scan(from: id + 1, end: negativesEnd) { return found }
            return try scan(from: 0, end: positivesEnd)
        }
        return try scan(from: id + 1, end: positivesEnd)
    }
}
