import KeyValueStore

/// Where a row's entries can be, so that taking one message out of a common word's list (an edit,
/// a deletion) reads one or two of its segments instead of all of them: a row of a word in every
/// message of a 100,000-message chat is some 400 segments, and reading them all per word made one
/// edit cost 0.7 s.
///
/// For each segment of the row except the highest-numbered one (the open segment, which appends
/// merge into and which a removal always reads), the first and last entry it held when it stopped
/// being the highest. A segment that is not the highest only ever loses entries (appends write the
/// highest and above), so its range stays a superset of what it holds. An entry may name a
/// segment since removed, or the highest one: both harmless, the one skipped, the other read anyway.
///
/// Stored at the row's prefix itself (hash ‖ bucket, 10 bytes), which sorts before the row's
/// segments and outside every range over them (ranges exclude their ends), sealed like them. A row
/// with one segment has none. Written only when a segment closes: a live send, which rewrites
/// the open segment, does not touch it.
struct SegmentDirectory: Equatable {
    struct Range: Equatable {
        var first: PostingEntry
        var last: PostingEntry

        func mayHold(_ entry: PostingEntry) -> Bool {
            !PostingEntry.storedBefore(entry, first) && !PostingEntry.storedBefore(last, entry)
        }
    }

    static let version: UInt8 = 1

    /// Segment number → its range.
    var ranges: [Int32: Range] = [:]

    var isEmpty: Bool { ranges.isEmpty }

    /// The segments that may hold any of `entries`: for each range, the first entry at or after
    /// its start (a binary search, so deleting a chat's thousands of messages stays linear).
    func segments(mayHolding entries: Set<PostingEntry>) -> [Int32] {
        let sorted = entries.sorted(by: PostingEntry.storedBefore)
        return ranges.compactMap { segment, range in
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if PostingEntry.storedBefore(sorted[middle], range.first) { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count && range.mayHold(sorted[low]) ? segment : nil
        }
    }

    static func load(_ valueBox: ValueBox, _ row: SearchIndexRow) throws -> SegmentDirectory? {
        guard let bytes = try valueBox.get(PostboxTable.searchIndex, row.prefix) else { return nil }
        return try decode(bytes, bucketStart: row.start)
    }

    /// Stores it, or removes it when it lists nothing.
    func save(_ valueBox: ValueBox, _ row: SearchIndexRow) throws {
        if isEmpty {
            try valueBox.remove(PostboxTable.searchIndex, row.prefix)
        } else {
            try valueBox.set(PostboxTable.searchIndex, row.prefix, encode(bucketStart: row.start))
        }
    }

    /// Version, then per segment in ascending order: its number's difference from the previous
    /// one, then first and last entry (PostingCodec's fields: the chat's difference from the
    /// previous entry's, the namespace, the timestamp's offset in the bucket, the id zigzag), as
    /// LEB128 varints: about 16 bytes a segment.
    func encode(bucketStart: Int32) -> [UInt8] {
        var out: [UInt8] = [Self.version]
        var previousSegment: Int32 = 0
        var previousPeer: Int64 = 0
        func put(_ entry: PostingEntry) {
            Varint.write(UInt64(bitPattern: entry.peer) &- UInt64(bitPattern: previousPeer), &out)
            Varint.write(UInt64(UInt32(bitPattern: entry.namespace)), &out)
            Varint.write(UInt64(UInt32(bitPattern: entry.timestamp &- bucketStart)), &out)
            Varint.write(Varint.zigzag(Int64(entry.id)), &out)
            previousPeer = entry.peer
        }
        for segment in ranges.keys.sorted() {
            let range = ranges[segment]!
            Varint.write(UInt64(UInt32(bitPattern: segment &- previousSegment)), &out)
            previousSegment = segment
            put(range.first)
            put(range.last)
        }
        return out
    }

    static func decode(_ bytes: [UInt8], bucketStart: Int32) throws -> SegmentDirectory {
        guard bytes.first == version else { throw PostingCodec.Malformed() }
        var directory = SegmentDirectory()
        try bytes.withUnsafeBufferPointer { b in
            var i = 1
            var segment: Int32 = 0
            var peer: Int64 = 0
            func take() throws -> PostingEntry {
                peer = Int64(bitPattern: UInt64(bitPattern: peer) &+ (try Varint.read(b, &i)))
                let namespace = Int32(bitPattern: UInt32(truncatingIfNeeded: try Varint.read(b, &i)))
                let timestamp = bucketStart &+ Int32(bitPattern: UInt32(truncatingIfNeeded: try Varint.read(b, &i)))
                let id = Int32(truncatingIfNeeded: Varint.unzigzag(try Varint.read(b, &i)))
                return PostingEntry(peer: peer, namespace: namespace, timestamp: timestamp, id: id)
            }
            while i < b.count {
                segment = segment &+ Int32(bitPattern: UInt32(truncatingIfNeeded: try Varint.read(b, &i)))
                let first = try take()
                directory.ranges[segment] = Range(first: first, last: try take())
            }
        }
        return directory
    }
}

/// LEB128 varints: written to an array for values written rarely (PostingCodec writes its hot
/// path through a pointer), read from a buffer by both.
enum Varint {
    static func write(_ value: UInt64, _ out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// The varint at `i`; `i` moves past it.
    @inline(__always)
    static func read(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while i < b.count {
            let byte = b[i]
            i += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
            guard shift < 64 else { throw PostingCodec.Malformed() }
        }
        throw PostingCodec.Malformed()
    }

    @inline(__always)
    static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    @inline(__always)
    static func unzigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1) }
}
