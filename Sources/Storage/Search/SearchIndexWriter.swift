/// Keeps the search index in step with one transaction's message writes (PostboxTransaction's
/// addMessages and deleteMessages, the only ways a message's text enters or leaves the store).
/// A message is indexed under the words of its searchable text (MessageSummary.searchableText:
/// its text, and what its media say — a poll's question and answers, a contact's name, a file's
/// name, a place's title and address, a checklist's items), which is what search matches.
/// Changes are gathered per row first and applied once: a batch of 20,000 messages costs one
/// read-modify-write per (prefix, bucket) it touches, not one per word of every message.
struct SearchIndexWriter {
    private let valueBox: ValueBox
    private let hasher: SearchIndexHasher
    private var additions = PostingAdditions()
    private var removals: [SearchIndexRow: Set<PostingEntry>] = [:]
    /// One message's hashes (reused from message to message).
    private var hashes: [UInt64] = []

    init(valueBox: ValueBox, hasher: SearchIndexHasher) {
        self.valueBox = valueBox
        self.hasher = hasher
    }

    /// Search reads a chat's cloud messages (MessageSearch's scan, as Telegram's), so only they
    /// are indexed; every message this project writes is one.
    static func isIndexed(_ message: Message) -> Bool { message.id.namespace == MessageId.cloudNamespace }

    mutating func add(_ message: Message) {
        guard Self.isIndexed(message) else { return }
        hasher.hashes(of: MessageSummary.searchableText(of: message), into: &hashes)
        additions.add(message.index, hashes: hashes)
    }

    /// Schema 3's upgrade (SearchIndexCarriedWords): the message, stored and indexed under its
    /// text's words by an older writer, goes under the words only its searchable text has too.
    mutating func addCarriedWords(_ message: Message) {
        guard Self.isIndexed(message) else { return }
        let searchable = MessageSummary.searchableText(of: message)
        guard searchable != message.text else { return }
        let indexed = Set(hasher.hashes(of: message.text))
        hasher.hashes(of: searchable, into: &hashes)
        hashes.removeAll { indexed.contains($0) }
        if !hashes.isEmpty { additions.add(message.index, hashes: hashes) }
    }

    /// Additions gathered elsewhere (MessageWritePreparation, on its thread) in place of adding
    /// their messages here one by one; before any other change of this writer's.
    mutating func adopt(_ gathered: PostingAdditions) {
        precondition(additions.isEmpty && removals.isEmpty, "gathered additions replace a writer's, not join them")
        additions = gathered
    }

    /// The message as it was stored: its words' entries go.
    mutating func remove(_ message: Message) {
        guard Self.isIndexed(message) else { return }
        let entry = PostingEntry(message.index)
        let bucket = SearchIndexRow.bucket(of: message.index.timestamp)
        for hash in hasher.hashes(of: MessageSummary.searchableText(of: message)) {
            // Added earlier in this same transaction (the same message written twice): not stored yet.
            if additions.removeAdded(entry, hash: hash, bucket: bucket) { continue }
            removals[SearchIndexRow(hash: hash, bucket: bucket), default: []].insert(entry)
        }
    }

    func apply() throws {
        for (row, gone) in removals { try remove(gone, from: row) }
        for (row, list) in zip(additions.rows, additions.lists) where !list.isEmpty { try append(list, to: row) }
    }

    /// Merges into the row's newest segment while it has room (under three quarters full, or the
    /// new entries fit: a live send rewrites one segment, about a page, per word) and opens new
    /// segments as it fills; a full newest segment is left as it is and the new entries go into
    /// segments of their own. So rows stay dense (fewer rows for a search to read) and a batch
    /// rewrites at most one stored segment per row.
    private func append(_ new: [PostingEntry], to row: SearchIndexRow) throws {
        let prefix = row.prefix
        var segment: Int32 = -1
        var newest: [PostingEntry] = []
        var newestBytes = 0
        try valueBox.range(PostboxTable.searchIndex, start: prefix.successor, end: prefix, limit: 1) { key, value in
            segment = SearchIndexRow.segment(of: key)
            newestBytes = value.count
            try PostingCodec.decode(value, bucketStart: row.start, into: &newest)
            return false
        }
        let budget = PostingCodec.segmentBudget
        let hasRoom = segment >= 0 && (newestBytes < budget * 3 / 4 || newestBytes + new.count * PostingCodec.largestEntry <= budget)
        if !hasRoom {
            newest = []
            segment += 1
        }
        // A batch usually lists a chat's messages in order already (addMessages goes chat by
        // chat in this order): sorted only when not.
        let inOrder = zip(new, new.dropFirst()).allSatisfy { !PostingEntry.storedBefore($1, $0) }
        let sorted = ArraySlice(inOrder ? new : new.sorted(by: PostingEntry.storedBefore))
        for value in PostingCodec.encodeSegments(Self.merge(newest, sorted), bucketStart: row.start) {
            try valueBox.set(PostboxTable.searchIndex, row.segmentKey(segment), value)
            segment += 1
        }
    }

    private func remove(_ gone: Set<PostingEntry>, from row: SearchIndexRow) throws {
        let prefix = row.prefix
        var changed: [(ValueBoxKey, [PostingEntry])] = []
        try valueBox.range(PostboxTable.searchIndex, start: prefix, end: prefix.successor) { key, value in
            var entries: [PostingEntry] = []
            try PostingCodec.decode(value, bucketStart: row.start, into: &entries)
            let kept = entries.filter { !gone.contains($0) }
            if kept.count != entries.count { changed.append((key, kept)) }
            return true
        }
        // Written after the range is read: a statement must not change the rows it walks.
        for (key, kept) in changed {
            if kept.isEmpty {
                try valueBox.remove(PostboxTable.searchIndex, key)
            } else {
                // Fewer entries than before: always within one segment's budget again.
                try valueBox.set(PostboxTable.searchIndex, key, PostingCodec.encodeSegments(kept, bucketStart: row.start)[0])
            }
        }
    }

    /// Two runs in storage order into one, each entry once.
    static func merge(_ a: [PostingEntry], _ b: ArraySlice<PostingEntry>) -> [PostingEntry] {
        var out: [PostingEntry] = []
        out.reserveCapacity(a.count + b.count)
        var i = a.startIndex, j = b.startIndex
        func push(_ e: PostingEntry) { if out.last != e { out.append(e) } }
        while i < a.endIndex && j < b.endIndex {
            if PostingEntry.storedBefore(b[j], a[i]) { push(b[j]); j += 1 } else { push(a[i]); i += 1 }
        }
        while i < a.endIndex { push(a[i]); i += 1 }
        while j < b.endIndex { push(b[j]); j += 1 }
        return out
    }
}
