/// Little-endian integers inside byte buffers (key ids, salts, the low halves of hashes), read
/// one way for the whole module.
enum LittleEndian {
    /// `count` (≤ 8) bytes from `offset`; fewer where the buffer ends.
    static func read(_ bytes: [UInt8], at offset: Int = 0, count: Int = 8) -> UInt64 {
        var value: UInt64 = 0
        for i in (offset..<min(offset + count, bytes.count)).reversed() { value = value << 8 | UInt64(bytes[i]) }
        return value
    }

    static func int64(_ bytes: [UInt8], at offset: Int = 0) -> Int64 {
        Int64(bitPattern: read(bytes, at: offset, count: 8))
    }

    static func int32(_ bytes: [UInt8], at offset: Int) -> Int32 {
        Int32(truncatingIfNeeded: read(bytes, at: offset, count: 4))
    }
}
