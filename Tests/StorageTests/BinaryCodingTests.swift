import Formats
import Testing
@testable import Storage

/// A Postbox-style entity: version byte first, then fields.
private struct Sample: BinaryCodable, Equatable {
    var id: Int64
    var flags: Int32
    var name: String
    var about: String?
    var payload: [UInt8]
    var muted: Bool

    func encode(to writer: inout BinaryWriter) {
        writer.write(UInt8(1))
        writer.write(id)
        writer.write(flags)
        writer.write(name)
        writer.writeOptional(about)
        writer.write(payload)
        writer.write(muted)
    }

    init(id: Int64, flags: Int32, name: String, about: String?, payload: [UInt8], muted: Bool) {
        self.id = id; self.flags = flags; self.name = name; self.about = about; self.payload = payload; self.muted = muted
    }

    init(from reader: inout BinaryReader) throws {
        let version = try reader.readUInt8()
        guard version == 1 else { throw BinaryReader.Truncated() }
        id = try reader.readInt64()
        flags = try reader.readInt32()
        name = try reader.readString()
        about = try reader.readOptionalString()
        payload = try reader.readBytes()
        muted = try reader.readBool()
    }
}

@Suite("Binary coding")
struct BinaryCodingTests {
    @Test func integersAreLittleEndian() {
        var w = BinaryWriter()
        w.write(Int32(0x0102_0304))
        w.write(Int64(0x0102_0304_0506_0708))
        w.write(Int32(-2))
        w.write(UInt8(0xAB))
        w.write(true)
        w.write(false)
        #expect(w.bytes == [4, 3, 2, 1, 8, 7, 6, 5, 4, 3, 2, 1, 0xfe, 0xff, 0xff, 0xff, 0xAB, 1, 0])
    }

    @Test func stringsAndBytesAreLengthPrefixed() {
        var w = BinaryWriter()
        w.write("héllo")
        w.write([UInt8]([9, 8]))
        w.write("")
        w.writeOptional(nil as String?)
        w.writeOptional("x")
        #expect(w.bytes == [6, 0, 0, 0, 0x68, 0xC3, 0xA9, 0x6C, 0x6C, 0x6F,
                            2, 0, 0, 0, 9, 8,
                            0, 0, 0, 0,
                            0,
                            1, 1, 0, 0, 0, 0x78])
    }

    @Test func readerReadsWhatTheWriterWrote() throws {
        var w = BinaryWriter()
        let ints32: [Int32] = [0, 1, -1, Int32.min, Int32.max]
        let ints64: [Int64] = [0, 1, -1, Int64.min, Int64.max]
        for v in ints32 { w.write(v) }
        for v in ints64 { w.write(v) }
        w.write("Привет 👋")
        w.write([UInt8]())
        w.writeOptional(nil as String?)
        w.writeOptional("")
        var r = BinaryReader(w.bytes)
        for v in ints32 { #expect(try r.readInt32() == v) }
        for v in ints64 { #expect(try r.readInt64() == v) }
        #expect(try r.readString() == "Привет 👋")
        #expect(try r.readBytes() == [])
        #expect(try r.readOptionalString() == nil)
        #expect(try r.readOptionalString() == "")
        #expect(r.isAtEnd)
        #expect(throws: BinaryReader.Truncated.self) { try r.readUInt8() }
    }

    @Test func codableEntityRoundTrips() throws {
        let samples = [
            Sample(id: 42, flags: 3, name: "Alice", about: "hi", payload: [1, 2, 3], muted: true),
            Sample(id: Int64.min, flags: -1, name: "", about: nil, payload: [], muted: false),
            Sample(id: 7, flags: 0, name: String(repeating: "ж", count: 5000), about: "",
                   payload: [UInt8](repeating: 0xEE, count: 70_000), muted: false),
        ]
        for sample in samples {
            let bytes = sample.encoded()
            #expect(bytes.first == 1)
            #expect(try Sample(decoding: bytes) == sample)
        }
    }

    @Test func everyTruncationIsDetected() throws {
        let bytes = Sample(id: 42, flags: 3, name: "Alice", about: "hi", payload: [1, 2, 3], muted: true).encoded()
        for cut in 0..<bytes.count {
            #expect(throws: BinaryReader.Truncated.self, "cut at \(cut) of \(bytes.count)") {
                try Sample(decoding: Array(bytes.prefix(cut)))
            }
        }
    }

    @Test func hostileLengthsAreRejected() throws {
        // Negative length.
        var r = BinaryReader([0xff, 0xff, 0xff, 0xff, 1, 2, 3])
        #expect(throws: BinaryReader.Truncated.self) { try r.readBytes() }
        // Int32.max length with three bytes behind it.
        var big = BinaryReader([0xff, 0xff, 0xff, 0x7f, 1, 2, 3])
        #expect(throws: BinaryReader.Truncated.self) { try big.readString() }
        // Length one past the end.
        var short = BinaryReader([4, 0, 0, 0, 1, 2, 3])
        #expect(throws: BinaryReader.Truncated.self) { try short.readBytes() }
        // Exactly to the end is fine.
        var exact = BinaryReader([3, 0, 0, 0, 1, 2, 3])
        #expect(try exact.readBytes() == [1, 2, 3])
        #expect(exact.isAtEnd)
    }

    @Test func partialIntegersAreTruncated() {
        var r = BinaryReader([1, 2, 3])
        #expect(throws: BinaryReader.Truncated.self) { try r.readInt32() }
        var r8 = BinaryReader([1, 2, 3, 4, 5, 6, 7])
        #expect(throws: BinaryReader.Truncated.self) { try r8.readInt64() }
        var empty = BinaryReader([])
        #expect(empty.isAtEnd)
        #expect(throws: BinaryReader.Truncated.self) { try empty.readBool() }
    }
}
