import KeyValueStore

/// Where the search index's rows live (table 64): one posting list per (prefix hash, time bucket),
/// cut into segments of under a kilobyte each (PostingCodec.segmentBudget, about 250 messages).
///
/// key = hash UInt64 ‖ bucket UInt16 ‖ segment Int32 (big-endian, 14 bytes). A descending range
/// over one hash gives its buckets newest first, which is what lets a common word stop after its
/// newest bucket. A bucket is 2^18 s (3.03 days) of message timestamps. Smaller buckets made a
/// common word's newest bucket cheaper to read, but made every batch of a bulk write (a history
/// spanning weeks) touch a row per word per bucket, scattered over the whole table: at 2^16 s the
/// seed ingested 7 % slower for no gain a search could measure (the newest bucket of a word in one
/// message in nine, at a million messages over a month, is some 11,000 messages: a heap hands out
/// the newest few without sorting them all). Coarser time also says less about when a word was
/// used. Segments bound what one write rewrites: a batch merges into the newest segment and opens
/// new ones as it fills, instead of rewriting a bucket that grows for three days (and a live send
/// rewrites about a page per word).
struct SearchIndexRow: Hashable {
    static let bucketShift: Int32 = 18

    let hash: UInt64
    let bucket: UInt16

    init(hash: UInt64, bucket: UInt16) {
        self.hash = hash
        self.bucket = bucket
    }

    init(hash: UInt64, timestamp: Int32) {
        self.init(hash: hash, bucket: Self.bucket(of: timestamp))
    }

    /// Timestamps are signed; flipping the sign bit of the (arithmetically shifted) bucket keeps
    /// memcmp order equal to time order across 1970.
    static func bucket(of timestamp: Int32) -> UInt16 {
        UInt16(bitPattern: Int16(truncatingIfNeeded: timestamp >> bucketShift)) ^ 0x8000
    }

    /// The earliest timestamp in the bucket.
    static func start(of bucket: UInt16) -> Int32 {
        Int32(Int16(bitPattern: bucket ^ 0x8000)) << bucketShift
    }

    var start: Int32 { Self.start(of: bucket) }
    /// The latest timestamp in the bucket.
    var end: Int32 { start &+ ((1 << Self.bucketShift) - 1) }

    static func hashPrefix(_ hash: UInt64) -> ValueBoxKey { ValueBoxKey(int64: Int64(bitPattern: hash)) }

    var prefix: ValueBoxKey {
        var key = Self.hashPrefix(hash)
        key.append(bucket)
        return key
    }

    func segmentKey(_ segment: Int32) -> ValueBoxKey {
        var key = prefix
        key.append(segment)
        return key
    }

    static func segment(of key: ValueBoxKey) -> Int32 { key.int32(at: 10) }
    static func bucket(of key: ValueBoxKey) -> UInt16 { key.uint16(at: 8) }
}
