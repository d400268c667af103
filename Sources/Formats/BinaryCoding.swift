/// The compact binary encoding of Postbox values (before sealing): little-endian integers,
/// length-prefixed strings and bytes. Each entity writes a version byte first, so fields can be
/// added later without a migration of old rows.
public struct BinaryWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    public mutating func write(_ v: UInt8) { bytes.append(v) }
    public mutating func write(_ v: Bool) { bytes.append(v ? 1 : 0) }
    public mutating func write(_ v: Int32) { writeLE(UInt64(UInt32(bitPattern: v)), 4) }
    public mutating func write(_ v: Int64) { writeLE(UInt64(bitPattern: v), 8) }

    public mutating func write(_ v: String) {
        // Straight from the string's UTF-8 (no array in between: a message's text was copied twice).
        write(Int32(v.utf8.count))
        bytes.append(contentsOf: v.utf8)
    }

    public mutating func write(_ v: [UInt8]) {
        write(Int32(v.count))
        bytes += v
    }

    public mutating func writeOptional(_ v: String?) {
        write(v != nil)
        if let v { write(v) }
    }

    public mutating func writeOptional(_ v: Int32?) {
        write(v != nil)
        if let v { write(v) }
    }

    public mutating func writeOptional(_ v: Int64?) {
        write(v != nil)
        if let v { write(v) }
    }

    private mutating func writeLE(_ v: UInt64, _ width: Int) {
        for i in 0..<width { bytes.append(UInt8(truncatingIfNeeded: v >> UInt64(i * 8))) }
    }
}

public struct BinaryReader {
    public struct Truncated: Error, CustomStringConvertible {
        public init() {}
        public var description: String { "truncated or malformed value" }
    }

    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { offset >= bytes.count }

    public mutating func readUInt8() throws -> UInt8 {
        guard offset < bytes.count else { throw Truncated() }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func readBool() throws -> Bool { try readUInt8() != 0 }
    public mutating func readInt32() throws -> Int32 { Int32(bitPattern: UInt32(try readLE(4))) }
    public mutating func readInt64() throws -> Int64 { Int64(bitPattern: try readLE(8)) }

    public mutating func readString() throws -> String {
        String(decoding: try readBytes(), as: UTF8.self)
    }

    public mutating func readBytes() throws -> [UInt8] {
        let count = Int(try readInt32())
        guard count >= 0, offset + count <= bytes.count else { throw Truncated() }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    public mutating func readOptionalString() throws -> String? {
        try readBool() ? try readString() : nil
    }

    public mutating func readOptionalInt32() throws -> Int32? {
        try readBool() ? try readInt32() : nil
    }

    public mutating func readOptionalInt64() throws -> Int64? {
        try readBool() ? try readInt64() : nil
    }

    /// A count written before its elements, refused past `max` (a corrupt row allocates nothing).
    public mutating func readCount(max: Int32) throws -> Int {
        let count = try readInt32()
        guard (0...max).contains(count) else { throw Truncated() }
        return Int(count)
    }

    private mutating func readLE(_ width: Int) throws -> UInt64 {
        guard offset + width <= bytes.count else { throw Truncated() }
        var v: UInt64 = 0
        for i in 0..<width { v |= UInt64(bytes[offset + i]) << UInt64(i * 8) }
        offset += width
        return v
    }
}

/// A value stored in a Postbox table.
public protocol BinaryCodable {
    func encode(to writer: inout BinaryWriter)
    init(from reader: inout BinaryReader) throws
}

extension BinaryCodable {
    public func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        encode(to: &writer)
        return writer.bytes
    }

    public init(decoding bytes: [UInt8]) throws {
        var reader = BinaryReader(bytes)
        try self.init(from: &reader)
    }
}
