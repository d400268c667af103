import Container
/// A binary key. Integers are written big-endian so that memcmp order, which is SQLite's BLOB
/// order, is numeric order (Telegram's ValueBoxKey). Keys are stored in plain: they hold ids,
/// timestamps and order, never content — the search index's hold keyed hashes of words, never
/// words (container-layout.md, "Threat model").
public struct ValueBoxKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(_ bytes: [UInt8] = []) { self.bytes = bytes }
    public init(_ string: String) { bytes = Array(string.utf8) }
    /// Room for the longest key built on an Int64 (24 bytes, a chat list key): keys grow by
    /// appending, and growing from empty reallocated two or three times per message key.
    public init(int64 value: Int64) {
        bytes = []
        bytes.reserveCapacity(24)
        append(value)
    }
    public init(int32 value: Int32) { bytes = []; append(value) }

    /// Int64 ‖ Int32 ‖ Int32 ‖ Int32 (20 bytes) written at once: the message keys, two for every
    /// message written, cost hundreds of instructions each when appended a byte at a time.
    public init(_ a: Int64, _ b: Int32, _ c: Int32, _ d: Int32) {
        bytes = [UInt8](unsafeUninitializedCapacity: 20) { buffer, count in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            raw.storeBytes(of: UInt64(bitPattern: a).bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: UInt32(bitPattern: b).bigEndian, toByteOffset: 8, as: UInt32.self)
            raw.storeBytes(of: UInt32(bitPattern: c).bigEndian, toByteOffset: 12, as: UInt32.self)
            raw.storeBytes(of: UInt32(bitPattern: d).bigEndian, toByteOffset: 16, as: UInt32.self)
            count = 20
        }
    }

    public var count: Int { bytes.count }

    public mutating func append(_ v: Int64) { appendBigEndian(UInt64(bitPattern: v), 8) }
    public mutating func append(_ v: Int32) { appendBigEndian(UInt64(UInt32(bitPattern: v)), 4) }
    public mutating func append(_ v: UInt16) { appendBigEndian(UInt64(v), 2) }
    public mutating func append(_ v: Int8) { bytes.append(UInt8(bitPattern: v)) }
    public mutating func append(_ v: UInt8) { bytes.append(v) }

    private mutating func appendBigEndian(_ v: UInt64, _ width: Int) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: v >> UInt64(shift))) }
    }

    private func readBigEndian(_ offset: Int, _ width: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<width { v = (v << 8) | UInt64(bytes[offset + i]) }
        return v
    }

    public func int64(at offset: Int) -> Int64 { Int64(bitPattern: readBigEndian(offset, 8)) }
    public func int32(at offset: Int) -> Int32 { Int32(bitPattern: UInt32(readBigEndian(offset, 4))) }
    public func uint16(at offset: Int) -> UInt16 { UInt16(readBigEndian(offset, 2)) }
    public func int8(at offset: Int) -> Int8 { Int8(bitPattern: bytes[offset]) }

    /// A key greater than every key with this prefix (for range ends). For a prefix of only 0xff
    /// bytes no finite key is, so it extends the prefix by 64 0xff bytes, more than any key this
    /// project builds beyond a prefix (the longest, a chat list key, is 24 bytes).
    public var successor: ValueBoxKey {
        var b = bytes
        while let last = b.last {
            if last == 0xff { b.removeLast() } else { b[b.count - 1] = last + 1; return ValueBoxKey(b) }
        }
        return ValueBoxKey(bytes + [UInt8](repeating: 0xff, count: 64))
    }

    public static func < (a: ValueBoxKey, b: ValueBoxKey) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    public var description: String {
        Hex.encode(bytes)
    }
}
