/// MessageSearch through the search index: the time buckets that every query word's hash has,
/// newest first (a leapfrog over each hash's rows), the messages in all of them, filtered by chat,
/// date and read mark from the posting entries alone, then read and checked newest first until the
/// list is full. Every bucket is older than the one before it, so a full list after a bucket ends
/// the search: a common word reads its newest bucket or two, a rare word its few rows.
struct IndexedMessageSearch {
    let search: MessageSearch
    let text: TextMatcher
    /// The query words' hashes, distinct; at least one.
    let hashes: [UInt64]

    func run(_ t: PostboxTransaction) throws -> [MessageSearch.Hit] {
        var hits = NewestHits(limit: search.limit)
        var readStates: [PeerId: ReadState?] = [:]
        // Over all chats, as the scan's walk of the chat list: a chat left out of the list
        // (PostboxTransaction+ChatListInclusion) is passed by. `--from` it still searches it.
        var listed: [PeerId: Bool] = [:]
        let chat = search.chat?.toInt64()
        let floor = search.since.map { SearchIndexRow.bucket(of: $0) } ?? 0
        var ceiling = UInt16.max
        while let bucket = try commonBucket(atOrBelow: ceiling, t), bucket >= floor {
            var candidates = NewestFirst(try candidates(in: bucket, t))
            while let entry = candidates.next() {
                if let oldest = hits.oldestIfFull, !SearchOrder.isNewer(entry.index, than: oldest) { return hits.items }
                if let chat, entry.peer != chat { continue }
                if let since = search.since, entry.timestamp < since { continue }
                let peerId = PeerId(entry.peer)
                if chat == nil {
                    let included = try listed[peerId] ?? t.isIncludedInChatList(peerId)
                    listed[peerId] = included
                    if !included { continue }
                }
                let readState: ReadState?
                if let known = readStates[peerId] {
                    readState = known
                } else {
                    readState = try t.readState(peerId)
                    readStates[peerId] = readState
                }
                // As the scan: a chat without a read state has nothing counted unread.
                let readMark = readState?.maxIncomingReadId ?? Int32.max
                if search.unreadOnly && ((readState?.unreadCount ?? 0) == 0 || entry.id <= readMark) { continue }
                guard let message = try t.message(entry.index), text.matches(MessageSummary.searchableText(of: message)) else { continue }
                let isUnread = message.isIncoming && message.id.id > readMark
                if search.unreadOnly && !isUnread { continue }
                hits.insert(MessageSearch.Hit(message: message, isRead: !isUnread))
            }
            if hits.oldestIfFull != nil || bucket == 0 { break }
            ceiling = bucket - 1
        }
        return hits.items
    }

    /// The newest bucket at or below `ceiling` that every hash has a row in.
    private func commonBucket(atOrBelow ceiling: UInt16, _ t: PostboxTransaction) throws -> UInt16? {
        var candidate = ceiling
        while true {
            var agreed = true
            for hash in hashes {
                guard let bucket = try newestBucket(hash, atOrBelow: candidate, t) else { return nil }
                if bucket < candidate {
                    candidate = bucket
                    agreed = false
                }
            }
            if agreed { return candidate }
        }
    }

    private func newestBucket(_ hash: UInt64, atOrBelow ceiling: UInt16, _ t: PostboxTransaction) throws -> UInt16? {
        let prefix = SearchIndexRow.hashPrefix(hash)
        let start = ceiling == .max ? prefix.successor : SearchIndexRow(hash: hash, bucket: ceiling + 1).prefix
        var found: UInt16?
        try t.valueBox.range(PostboxTable.searchIndex, start: start, end: prefix, limit: 1, values: false) { key, _ in
            found = SearchIndexRow.bucket(of: key)
            return false
        }
        return found
    }

    /// The messages of the bucket listed under every hash.
    private func candidates(in bucket: UInt16, _ t: PostboxTransaction) throws -> [PostingEntry] {
        var lists: [[PostingEntry]] = []
        for hash in hashes {
            let row = SearchIndexRow(hash: hash, bucket: bucket)
            var entries: [PostingEntry] = []
            try t.valueBox.range(PostboxTable.searchIndex, start: row.prefix, end: row.prefix.successor) { _, value in
                try PostingCodec.decode(value, bucketStart: row.start, into: &entries)
                return true
            }
            lists.append(entries)
        }
        lists.sort { $0.count < $1.count }
        var result = lists[0]
        for other in lists.dropFirst() {
            let members = Set(other)
            result = result.filter { members.contains($0) }
        }
        return result
    }
}

/// A bucket's candidates newest first, without sorting them all: a common word's bucket holds
/// thousands, and the list is usually full after a few dozen. A binary heap: built in linear time,
/// each next one in logarithmic time.
struct NewestFirst {
    private var heap: [PostingEntry]

    init(_ entries: [PostingEntry]) {
        heap = entries
        var i = heap.count / 2
        while i > 0 {
            i -= 1
            siftDown(i)
        }
    }

    mutating func next() -> PostingEntry? {
        guard !heap.isEmpty else { return nil }
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return top
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let left = 2 * i + 1, right = left + 1
            var newest = i
            if left < heap.count && SearchOrder.isNewer(heap[left], than: heap[newest]) { newest = left }
            if right < heap.count && SearchOrder.isNewer(heap[right], than: heap[newest]) { newest = right }
            if newest == i { return }
            heap.swapAt(i, newest)
            i = newest
        }
    }
}
