import KeyValueStore

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
        if !removals.isEmpty {
            // An edit: a word the old text had too keeps its entry where it is (its removal is
            // taken back), so an edit writes only the rows of the words it changed.
            let entry = PostingEntry(message.index)
            let bucket = SearchIndexRow.bucket(of: message.index.timestamp)
            hashes.removeAll { removals[SearchIndexRow(hash: $0, bucket: bucket)]?.remove(entry) != nil }
        }
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
        for (row, gone) in removals where !gone.isEmpty { try remove(gone, from: row) }
        for (row, list) in zip(additions.rows, additions.lists) where !list.isEmpty { try append(list, to: row) }
    }

    /// Merges into the row's newest segment while it has room (under three quarters full, or the
    /// new entries fit: a live send rewrites one segment, about a page, per word) and opens new
    /// segments as it fills; a full newest segment is left as it is and the new entries go into
    /// segments of their own. So rows stay dense (fewer rows for a search to read) and a batch
    /// rewrites at most one stored segment per row. Every segment that stops being the newest
    /// gets its range in the row's SegmentDirectory (only then: a send that fits writes no more).
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
        var closed: [Int32: SegmentDirectory.Range] = [:]
        if !hasRoom {
            if let first = newest.first, let last = newest.last { closed[segment] = SegmentDirectory.Range(first: first, last: last) }
            newest = []
            segment += 1
        }
        // A batch usually lists a chat's messages in order already (addMessages goes chat by
        // chat in this order): sorted only when not.
        let inOrder = zip(new, new.dropFirst()).allSatisfy { !PostingEntry.storedBefore($1, $0) }
        let sorted = ArraySlice(inOrder ? new : new.sorted(by: PostingEntry.storedBefore))
        let merged = Self.merge(newest, sorted)
        var counts: [Int] = []
        let values = PostingCodec.encodeSegments(merged, bucketStart: row.start, counts: &counts)
        var start = 0
        for (n, value) in values.enumerated() {
            try valueBox.set(PostboxTable.searchIndex, row.segmentKey(segment), value)
            if n < values.count - 1 { closed[segment] = SegmentDirectory.Range(first: merged[start], last: merged[start + counts[n] - 1]) }
            start += counts[n]
            segment += 1
        }
        guard !closed.isEmpty else { return }
        var directory = try SegmentDirectory.load(valueBox, row) ?? SegmentDirectory()
        directory.ranges.merge(closed) { _, new in new }
        try directory.save(valueBox, row)
    }

    /// Reads only the segments that may hold what goes (SegmentDirectory's, and the newest), so
    /// taking a message out of a common word's list costs a segment or two, not the whole list.
    private func remove(_ gone: Set<PostingEntry>, from row: SearchIndexRow) throws {
        let prefix = row.prefix
        var newestSegment: Int32?
        try valueBox.range(PostboxTable.searchIndex, start: prefix.successor, end: prefix, limit: 1, values: false) { key, _ in
            newestSegment = SearchIndexRow.segment(of: key)
            return false
        }
        var directory = try SegmentDirectory.load(valueBox, row)
        var segments = Set(directory?.segments(mayHolding: gone) ?? [])
        if let newestSegment { segments.insert(newestSegment) }
        var emptied: [Int32] = []
        for segment in segments {
            let key = row.segmentKey(segment)
            // A segment removed since the directory named it.
            guard let value = try valueBox.get(PostboxTable.searchIndex, key) else { continue }
            var entries: [PostingEntry] = []
            try PostingCodec.decode(value, bucketStart: row.start, into: &entries)
            let kept = entries.filter { !gone.contains($0) }
            if kept.count == entries.count { continue }
            if kept.isEmpty {
                try valueBox.remove(PostboxTable.searchIndex, key)
                emptied.append(segment)
            } else {
                // Fewer entries than before: always within one segment's budget again.
                try valueBox.set(PostboxTable.searchIndex, key, PostingCodec.encodeSegments(kept, bucketStart: row.start)[0])
            }
        }
        // The directory forgets a removed segment (and goes with the row's last one).
        if var changed = directory, !emptied.isEmpty {
            for segment in emptied { changed.ranges[segment] = nil }
            directory = changed
            try changed.save(valueBox, row)
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
