import KeyValueStore

/// Schema 3's step (PostboxSchemaUpgrade). Up to schema 2 a message was indexed under its text's
/// words; from 3 under its searchable text's (MessageSummary.searchableText: the text, and what its
/// media say). The messages of an older index whose searchable text says more than their text (a
/// poll, a contact, a named file, a place, a checklist; a version 3 row's left-out file) are put
/// under the words only it has, so the index is what this build would have written. Inside the
/// upgrade's transaction, a batch of messages read at a time.
enum SearchIndexCarriedWords {
    static func add(_ valueBox: ValueBox, hasher: SearchIndexHasher, batchSize: Int = SearchIndexBackfill.batchSize) throws {
        // No index of the format schema 3 had (1): SearchIndexState.prepare drops it and the fill
        // writes it anew.
        guard let state = try SearchIndexState.load(valueBox, format: 1) else { return }
        var after = ValueBoxKey()
        while true {
            var writer = SearchIndexWriter(valueBox: valueBox, hasher: hasher)
            var read = 0
            var passedTheFill = false
            try valueBox.range(PostboxTable.messageHistory, start: after, end: PostboxKeys.afterLastMessage, limit: batchSize) { key, value in
                read += 1
                after = key
                // Beyond what a fill in progress has indexed, it indexes them itself, as they are now.
                guard state.covers(key) else {
                    passedTheFill = true
                    return false
                }
                if Message.mayHaveExtras(encoded: value) {
                    writer.addCarriedWords(try Message(index: PostboxKeys.messageIndex(from: key), decoding: value))
                }
                return true
            }
            // Written after the range is read: a statement must not walk rows while others are written.
            try writer.apply()
            if read < batchSize || passedTheFill { return }
        }
    }
}
