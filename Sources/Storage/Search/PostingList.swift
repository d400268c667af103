import KeyValueStore

/// One message in a posting list: the fields of its history key, so a candidate is read with one
/// lookup and filtered by chat, date and read mark before it is decrypted.
struct PostingEntry: Hashable {
    var peer: Int64
    var namespace: Int32
    var timestamp: Int32
    var id: Int32

    init(peer: Int64, namespace: Int32, timestamp: Int32, id: Int32) {
        self.peer = peer
        self.namespace = namespace
        self.timestamp = timestamp
        self.id = id
    }

    init(_ index: MessageIndex) {
        self.init(peer: index.id.peerId.toInt64(), namespace: index.id.namespace, timestamp: index.timestamp, id: index.id.id)
    }

    var index: MessageIndex {
        MessageIndex(id: MessageId(peerId: PeerId(peer), namespace: namespace, id: id), timestamp: timestamp)
    }

    /// The order inside a segment, the history key's (peer, namespace, timestamp, id): entries of
    /// one chat sit together, so the chat is written once per run (see PostingCodec).
    static func storedBefore(_ a: PostingEntry, _ b: PostingEntry) -> Bool {
        if a.peer != b.peer { return UInt64(bitPattern: a.peer) < UInt64(bitPattern: b.peer) }
        if a.namespace != b.namespace { return UInt32(bitPattern: a.namespace) < UInt32(bitPattern: b.namespace) }
        if a.timestamp != b.timestamp { return a.timestamp < b.timestamp }
        return UInt32(bitPattern: a.id) < UInt32(bitPattern: b.id)
    }
}

/// A segment's value (sealed by the ValueBox like every value): version 1, then per entry, in
/// storage order, LEB128 varints. An entry continuing a run of one chat and namespace is the
/// timestamp's difference from the previous entry's, shifted left once, then the id's difference
/// (zigzag); one starting a run is the timestamp's offset in the bucket shifted left with the low
/// bit set, then the chat's difference from the previous entry's (wrapping), the namespace and
/// the id (zigzag). About 3 bytes a message where the plain history key is 20: the index's
/// writes are most of what it costs the writer.
enum PostingCodec {
    static let version: UInt8 = 1
    /// A segment's encoded size is kept under this, so that with its key and the 29 bytes of
    /// sealing a row stays within what SQLite keeps on a 4 KiB page of a WITHOUT ROWID table
    /// (about 1,000 bytes); a larger row spills into an overflow page of its own, most of it empty.
    static let segmentBudget = 900
    /// The most an entry can take (varints of 33, 64, 32 and 33 bits).
    static let largestEntry = 5 + 10 + 5 + 5

    struct Malformed: Error, CustomStringConvertible {
        var description: String { "malformed search index segment" }
    }

    /// Encodes entries in storage order (PostingEntry.storedBefore) into as many segments as
    /// the budget needs.
    static func encodeSegments(_ entries: [PostingEntry], bucketStart: Int32) -> [[UInt8]] {
        var counts: [Int] = []
        return encodeSegments(entries, bucketStart: bucketStart, counts: &counts)
    }

    /// The same, with how many entries each segment took (in `counts`), so a writer knows each
    /// segment's first and last entry (SegmentDirectory).
    static func encodeSegments(_ entries: [PostingEntry], bucketStart: Int32, counts: inout [Int]) -> [[UInt8]] {
        var segments: [[UInt8]] = []
        counts.removeAll(keepingCapacity: true)
        // Encoded through a pointer into one scratch segment: appending to an array byte by byte
        // was most of what writing the index cost in Swift.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: segmentBudget) { buffer in
            let out = buffer.baseAddress!
            var count = 0
            var previous: PostingEntry?
            for entry in entries {
                if count == 0 || count + largestEntry > segmentBudget {
                    if count > 0 { segments.append(Array(UnsafeBufferPointer(start: out, count: count))) }
                    out[0] = version
                    count = 1
                    previous = nil
                    counts.append(0)
                }
                counts[counts.count - 1] += 1
                count = append(entry, after: previous, bucketStart: bucketStart, out, at: count)
                previous = entry
            }
            if count > 0 { segments.append(Array(UnsafeBufferPointer(start: out, count: count))) }
        }
        return segments
    }

    /// Writes one entry at `at`; returns the position after it.
    @inline(__always)
    private static func append(_ entry: PostingEntry, after previous: PostingEntry?, bucketStart: Int32,
                               _ out: UnsafeMutablePointer<UInt8>, at start: Int) -> Int {
        var i = start
        if let previous, previous.peer == entry.peer, previous.namespace == entry.namespace {
            write(UInt64(UInt32(bitPattern: entry.timestamp &- previous.timestamp)) << 1, out, &i)
            write(Varint.zigzag(Int64(entry.id) - Int64(previous.id)), out, &i)
        } else {
            write(UInt64(UInt32(bitPattern: entry.timestamp &- bucketStart)) << 1 | 1, out, &i)
            write(UInt64(bitPattern: entry.peer) &- UInt64(bitPattern: previous?.peer ?? 0), out, &i)
            write(UInt64(UInt32(bitPattern: entry.namespace)), out, &i)
            write(Varint.zigzag(Int64(entry.id)), out, &i)
        }
        return i
    }

    static func decode(_ bytes: [UInt8], bucketStart: Int32, into entries: inout [PostingEntry]) throws {
        guard bytes.first == version else { throw Malformed() }
        var i = 1
        var previous: PostingEntry?
        try bytes.withUnsafeBufferPointer { b in
            while i < b.count {
                let head = try Varint.read(b, &i)
                let time = Int32(bitPattern: UInt32(truncatingIfNeeded: head >> 1))
                let entry: PostingEntry
                if head & 1 == 0 {
                    guard let previous else { throw Malformed() }
                    let id = Int32(truncatingIfNeeded: Int64(previous.id) + Varint.unzigzag(try Varint.read(b, &i)))
                    entry = PostingEntry(peer: previous.peer, namespace: previous.namespace, timestamp: previous.timestamp &+ time, id: id)
                } else {
                    let peer = Int64(bitPattern: UInt64(bitPattern: previous?.peer ?? 0) &+ (try Varint.read(b, &i)))
                    let namespace = Int32(bitPattern: UInt32(truncatingIfNeeded: try Varint.read(b, &i)))
                    let id = Int32(truncatingIfNeeded: Varint.unzigzag(try Varint.read(b, &i)))
                    entry = PostingEntry(peer: peer, namespace: namespace, timestamp: bucketStart &+ time, id: id)
                }
                entries.append(entry)
                previous = entry
            }
        }
    }

    @inline(__always)
    private static func write(_ value: UInt64, _ out: UnsafeMutablePointer<UInt8>, _ i: inout Int) {
        var v = value
        while v >= 0x80 {
            out[i] = UInt8(truncatingIfNeeded: v) | 0x80
            i += 1
            v >>= 7
        }
        out[i] = UInt8(v)
        i += 1
    }
}
