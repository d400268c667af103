/// Reads TL bytes. Never reads past its buffer: every read checks what is left first and throws
/// `TLError.truncated`; vector counts are checked against the remaining bytes before anything is
/// allocated; boxed objects count their nesting (`enterObject`) so a hostile recursive value
/// cannot exhaust the stack.
public struct TLReader: Sendable {
    /// Deeper nesting than this is refused. Telegram's real objects nest far less deeply.
    public static let maximumDepth = 64

    @usableFromInline let storage: [UInt8]
    public private(set) var position: Int
    @usableFromInline var depth = 0

    public init(_ bytes: [UInt8]) {
        storage = bytes
        position = 0
    }

    public init(_ slice: ArraySlice<UInt8>) { self.init(Array(slice)) }

    public var remaining: Int { storage.count - position }

    @inline(__always) mutating func require(_ count: Int) throws(TLError) {
        guard count <= storage.count - position else { throw .truncated(needed: count, remaining: storage.count - position) }
    }

    @inline(__always) mutating func load<T: FixedWidthInteger>(_ type: T.Type) throws(TLError) -> T {
        let size = MemoryLayout<T>.size
        try require(size)
        let value = storage.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: T.self) }
        position += size
        return T(littleEndian: value)
    }

    public mutating func readInt32() throws(TLError) -> Int32 { try load(Int32.self) }
    public mutating func readUInt32() throws(TLError) -> UInt32 { try load(UInt32.self) }
    public mutating func readInt64() throws(TLError) -> Int64 { try load(Int64.self) }
    public mutating func readDouble() throws(TLError) -> Double { Double(bitPattern: try load(UInt64.self)) }
    public mutating func readInt128() throws(TLError) -> TLInt128 { TLInt128(bytes: try readRaw(count: 16)) }
    public mutating func readInt256() throws(TLError) -> TLInt256 { TLInt256(bytes: try readRaw(count: 32)) }

    public mutating func readBool() throws(TLError) -> Bool {
        let id = try readUInt32()
        switch id {
        case TLConstructor.boolTrue: return true
        case TLConstructor.boolFalse: return false
        default: throw .invalidBool(id)
        }
    }

    /// `count` bytes as they are.
    public mutating func readRaw(count: Int) throws(TLError) -> [UInt8] {
        guard count >= 0 else { throw .truncated(needed: count, remaining: remaining) }
        try require(count)
        let raw = Array(storage[position..<(position + count)])
        position += count
        return raw
    }

    /// Skips `count` bytes.
    public mutating func skip(_ count: Int) throws(TLError) {
        guard count >= 0 else { throw .truncated(needed: count, remaining: remaining) }
        try require(count)
        position += count
    }

    /// TL `bytes` in the canonical form TLWriter makes (see TLError.nonCanonicalBytes).
    public mutating func readBytes() throws(TLError) -> [UInt8] {
        let (start, count) = try readBytesRange()
        return Array(storage[start..<(start + count)])
    }

    /// TL `string`: `bytes` that must be UTF-8.
    public mutating func readString() throws(TLError) -> String {
        let (start, count) = try readBytesRange()
        let string = storage.withUnsafeBufferPointer {
            String(validating: UnsafeBufferPointer(rebasing: $0[start..<(start + count)]), as: UTF8.self)
        }
        guard let string else { throw .invalidUTF8 }
        return string
    }

    /// Where a `bytes` value's data lies; the reader moves past its padding.
    private mutating func readBytesRange() throws(TLError) -> (start: Int, count: Int) {
        try require(1)
        let first = Int(storage[position])
        let header: Int
        let count: Int
        switch first {
        case 0..<254:
            header = 1
            count = first
        case 254:
            try require(4)
            header = 4
            count = Int(storage[position + 1]) | Int(storage[position + 2]) << 8 | Int(storage[position + 3]) << 16
            guard count >= 254 else { throw .nonCanonicalBytes("long form for \(count) bytes") }
        default:
            throw .nonCanonicalBytes("length byte 0xff")
        }
        let padded = (header + count + 3) & ~3
        try require(padded)
        let start = position + header
        for index in (start + count)..<(position + padded) where storage[index] != 0 {
            throw .nonCanonicalBytes("non-zero padding")
        }
        position += padded
        return (start, count)
    }

    // MARK: Vectors. The generated code calls these.

    /// A vector's count, checked against what is left: every element takes at least
    /// `minimumElementSize` bytes, so a count the input cannot hold is refused before allocating.
    public mutating func readVectorCount(minimumElementSize: Int) throws(TLError) -> Int {
        let count = Int(try readInt32())
        guard count >= 0, count <= remaining / max(minimumElementSize, 1) else { throw .vectorTooLong(count) }
        return count
    }

    /// A boxed vector's header: 0x1cb5c415 then the count.
    public mutating func readVectorHeader(minimumElementSize: Int) throws(TLError) -> Int {
        let id = try readUInt32()
        guard id == TLConstructor.vector else { throw .unknownConstructor(id, expected: "Vector") }
        return try readVectorCount(minimumElementSize: minimumElementSize)
    }

    public mutating func readInt32Vector() throws(TLError) -> [Int32] {
        let count = try readVectorHeader(minimumElementSize: 4)
        var values: [Int32] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readInt32()) }
        return values
    }

    public mutating func readInt64Vector() throws(TLError) -> [Int64] {
        let count = try readVectorHeader(minimumElementSize: 8)
        var values: [Int64] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readInt64()) }
        return values
    }

    public mutating func readDoubleVector() throws(TLError) -> [Double] {
        let count = try readVectorHeader(minimumElementSize: 8)
        var values: [Double] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readDouble()) }
        return values
    }

    public mutating func readStringVector() throws(TLError) -> [String] {
        let count = try readVectorHeader(minimumElementSize: 4)
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readString()) }
        return values
    }

    public mutating func readBytesVector() throws(TLError) -> [[UInt8]] {
        let count = try readVectorHeader(minimumElementSize: 4)
        var values: [[UInt8]] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readBytes()) }
        return values
    }

    public mutating func readBoolVector() throws(TLError) -> [Bool] {
        let count = try readVectorHeader(minimumElementSize: 4)
        var values: [Bool] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try readBool()) }
        return values
    }

    public mutating func readVector<T: TLObject>(of type: T.Type) throws(TLError) -> [T] {
        let count = try readVectorHeader(minimumElementSize: 4)
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try T.parse(from: &self)) }
        return values
    }

    // MARK: Nesting

    /// Called by every boxed parse before its fields; pair with `leaveObject`.
    @inlinable public mutating func enterObject() throws(TLError) {
        guard depth < Self.maximumDepth else { throw .nestingTooDeep }
        depth += 1
    }

    @inlinable public mutating func leaveObject() { depth -= 1 }
}
