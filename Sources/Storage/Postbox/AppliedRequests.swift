import KeyValueStore

/// The ids of requests main has applied, each with what applying produced. Recorded in the same
/// transaction as the change itself: a request whose id is here was applied, exactly once.
extension PostboxTransaction {
    public func appliedRequestResult(_ id: String) throws -> [UInt8]? {
        try valueBox.get(PostboxTable.appliedRequests, ValueBoxKey(id))
    }

    /// Every recorded id, in order (ids begin with their time, so oldest first).
    public func appliedRequestIds() throws -> [String] {
        var ids: [String] = []
        try valueBox.range(PostboxTable.appliedRequests, start: ValueBoxKey([]), end: ValueBoxKey([UInt8](repeating: 0xff, count: 64)),
                           values: false) { key, _ in
            ids.append(String(decoding: key.bytes, as: UTF8.self))
            return true
        }
        return ids
    }

    public func recordAppliedRequest(_ id: String, result: [UInt8]) throws {
        try valueBox.set(PostboxTable.appliedRequests, ValueBoxKey(id), result)
    }
}
