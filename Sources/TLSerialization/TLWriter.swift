/// Builds TL bytes: little-endian integers, length-prefixed padded `bytes`/`string`, boxed vectors.
/// One growing array; `init(capacity:)` when the size is known avoids its reallocations.
public struct TLWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init() { bytes = [] }

    public init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inlinable public mutating func writeInt32(_ value: Int32) { writeUInt32(UInt32(bitPattern: value)) }

    /// Constructor ids and flags.
    public mutating func writeUInt32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func writeInt64(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// IEEE 754 bits, little-endian: NaN payloads survive a round trip.
    public mutating func writeDouble(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func writeInt128(_ value: TLInt128) { bytes.append(contentsOf: value.bytes) }

    public mutating func writeInt256(_ value: TLInt256) { bytes.append(contentsOf: value.bytes) }

    public mutating func writeBool(_ value: Bool) {
        writeUInt32(value ? TLConstructor.boolTrue : TLConstructor.boolFalse)
    }

    /// Bytes as they are: no length, no padding.
    public mutating func writeRaw(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    /// TL `bytes`: a length of 0…253 in one byte, else 0xFE and three bytes; then the data, zero
    /// padded to a multiple of 4 (prefix included). Longer than 2^24-1 is a programming error.
    public mutating func writeBytes(_ data: [UInt8]) {
        data.withUnsafeBufferPointer { writeBytes(UnsafeRawBufferPointer($0)) }
    }

    /// TL `string`: its UTF-8 as `bytes`, without copying it out first.
    public mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeBytes(UnsafeRawBufferPointer($0)) }
    }

    private mutating func writeBytes(_ data: UnsafeRawBufferPointer) {
        let count = data.count
        precondition(count < 1 << 24, "TL bytes longer than 2^24-1")
        let header: Int
        if count < 254 {
            bytes.append(UInt8(count))
            header = 1
        } else {
            bytes.append(0xFE)
            bytes.append(UInt8(truncatingIfNeeded: count))
            bytes.append(UInt8(truncatingIfNeeded: count >> 8))
            bytes.append(UInt8(truncatingIfNeeded: count >> 16))
            header = 4
        }
        bytes.append(contentsOf: data)
        let padding = (4 - (header + count) % 4) % 4
        for _ in 0..<padding { bytes.append(0) }
    }

    // MARK: Vectors (boxed: 0x1cb5c415, count, elements). The generated code calls these.

    public mutating func writeVectorHeader(count: Int) {
        writeUInt32(TLConstructor.vector)
        writeInt32(Int32(truncatingIfNeeded: count))
    }

    public mutating func writeVector(_ values: [Int32]) {
        writeVectorHeader(count: values.count)
        for value in values { writeInt32(value) }
    }

    public mutating func writeVector(_ values: [Int64]) {
        writeVectorHeader(count: values.count)
        for value in values { writeInt64(value) }
    }

    public mutating func writeVector(_ values: [Double]) {
        writeVectorHeader(count: values.count)
        for value in values { writeDouble(value) }
    }

    public mutating func writeVector(_ values: [String]) {
        writeVectorHeader(count: values.count)
        for value in values { writeString(value) }
    }

    public mutating func writeVector(_ values: [[UInt8]]) {
        writeVectorHeader(count: values.count)
        for value in values { writeBytes(value) }
    }

    public mutating func writeVector(_ values: [Bool]) {
        writeVectorHeader(count: values.count)
        for value in values { writeBool(value) }
    }

    public mutating func writeVector<T: TLObject>(_ values: [T]) {
        writeVectorHeader(count: values.count)
        for value in values { value.serialize(to: &self) }
    }
}
