import KeyValueStore

/// The search index's part of a transaction: its state, read once per transaction, and the
/// backfill step main runs in batches.
extension PostboxTransaction {
    /// nil when the store has no index of this format (read-only openers then scan).
    func searchIndexState() throws -> SearchIndexState? {
        if let cachedSearchIndexState { return cachedSearchIndexState }
        let loaded = try SearchIndexState.load(valueBox)
        cachedSearchIndexState = .some(loaded)
        return loaded
    }

    func setSearchIndexState(_ state: SearchIndexState) throws {
        try state.save(valueBox)
        cachedSearchIndexState = .some(state)
    }

    /// Whether a message with this key is to be kept in the index by this write: a store without
    /// a state (one a writer has not prepared) indexes nothing, and its fill starts from the top.
    func searchIndexCovers(_ messageKey: ValueBoxKey) throws -> Bool {
        try searchIndexState()?.covers(messageKey) ?? false
    }

    func makeSearchIndexWriter() -> SearchIndexWriter {
        SearchIndexWriter(valueBox: valueBox, hasher: searchHasher)
    }

    /// Indexes the next `limit` messages the fill has not passed yet. Returns how many, and
    /// whether the index is now complete. (Does nothing on a store without a prepared state.)
    func backfillSearchIndex(limit: Int) throws -> (indexed: Int, complete: Bool) {
        guard case .building(let after)? = try searchIndexState() else { return (0, true) }
        var writer = makeSearchIndexWriter()
        var indexed = 0
        var last: ValueBoxKey?
        try valueBox.range(PostboxTable.messageHistory, start: after ?? ValueBoxKey(), end: PostboxKeys.afterLastMessage, limit: limit) { key, value in
            writer.add(try Message(index: PostboxKeys.messageIndex(from: key), decoding: value))
            last = key
            indexed += 1
            return true
        }
        try writer.apply()
        let complete = indexed < limit
        try setSearchIndexState(complete ? .complete : .building(after: last ?? after))
        return (indexed, complete)
    }
}
