import Testing
import TestSupport
import TLSerialization

/// TLWriter and TLReader: the wire format itself.
@Suite struct TLRuntimeTests {
    @Test func integersAreLittleEndian() throws {
        var writer = TLWriter()
        writer.writeInt32(-2)
        writer.writeUInt32(0x1cb5_c415)
        writer.writeInt64(0x0102_0304_0506_0708)
        writer.writeDouble(-0.0)
        #expect(writer.bytes == [0xfe, 0xff, 0xff, 0xff, 0x15, 0xc4, 0xb5, 0x1c,
                                 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0x80])
        var reader = TLReader(writer.bytes)
        #expect(try reader.readInt32() == -2)
        #expect(try reader.readUInt32() == 0x1cb5_c415)
        #expect(try reader.readInt64() == 0x0102_0304_0506_0708)
        #expect(try reader.readDouble().bitPattern == (-0.0 as Double).bitPattern)
        #expect(reader.remaining == 0)
    }

    /// The length prefix switches form at 254; data and prefix are padded to 4 together.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 252, 253, 254, 255, 256, 300, 1000, (1 << 24) - 1])
    func bytesPadding(length: Int) throws {
        var generator = SeededGenerator(seed: UInt64(length))
        let data = length > 4096 ? [UInt8](repeating: 0xA5, count: length) : generator.bytes(length)
        var writer = TLWriter()
        writer.writeBytes(data)
        let header = length < 254 ? 1 : 4
        let expected = (header + length + 3) / 4 * 4
        #expect(writer.bytes.count == expected)
        #expect(writer.bytes.count % 4 == 0)
        if length < 254 {
            #expect(writer.bytes[0] == UInt8(length))
        } else {
            #expect(Array(writer.bytes[0..<4]) == [0xFE, UInt8(length & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length >> 16)])
        }
        #expect(writer.bytes[(header + length)...].allSatisfy { $0 == 0 })
        var reader = TLReader(writer.bytes)
        #expect(try reader.readBytes() == data)
        #expect(reader.remaining == 0)
    }

    @Test func stringsAreUTF8Bytes() throws {
        let text = "Привет, 世界 👋🏽 e\u{301}"
        var writer = TLWriter()
        writer.writeString(text)
        var expected = TLWriter()
        expected.writeBytes(Array(text.utf8))
        #expect(writer.bytes == expected.bytes)
        var reader = TLReader(writer.bytes)
        let read = try reader.readString()
        #expect(Array(read.utf8) == Array(text.utf8))
    }

    @Test func invalidUTF8IsAnError() {
        var writer = TLWriter()
        writer.writeBytes([0x61, 0xC3, 0x28])
        var reader = TLReader(writer.bytes)
        #expect(throws: TLError.invalidUTF8) { try reader.readString() }
    }

    @Test func nonCanonicalBytesAreRefused() {
        // 0xFF length byte; long form for 3 bytes; non-zero padding.
        for bytes: [UInt8] in [[0xFF, 0, 0, 0], [0xFE, 3, 0, 0, 1, 2, 3, 0], [2, 0x61, 0x62, 0x01]] {
            var reader = TLReader(bytes)
            #expect(throws: TLError.self) { try reader.readBytes() }
        }
    }

    @Test func boolIsStrict() throws {
        var writer = TLWriter()
        writer.writeBool(true)
        writer.writeBool(false)
        writer.writeUInt32(0x1234_5678)
        #expect(writer.bytes[0..<8] == [0xb5, 0x75, 0x72, 0x99, 0x37, 0x97, 0x79, 0xbc])
        var reader = TLReader(writer.bytes)
        #expect(try reader.readBool() == true)
        #expect(try reader.readBool() == false)
        #expect(throws: TLError.invalidBool(0x1234_5678)) { try reader.readBool() }
    }

    @Test func vectorsRoundTrip() throws {
        var writer = TLWriter()
        writer.writeVector([Int32(1), -1])
        writer.writeVector([Int64.min, Int64.max])
        writer.writeVector(["a", "бв"])
        writer.writeVector([[UInt8](), [1, 2, 3]])
        writer.writeVector([true, false])
        var reader = TLReader(writer.bytes)
        #expect(try reader.readInt32Vector() == [1, -1])
        #expect(try reader.readInt64Vector() == [.min, .max])
        #expect(try reader.readStringVector() == ["a", "бв"])
        #expect(try reader.readBytesVector() == [[], [1, 2, 3]])
        #expect(try reader.readBoolVector() == [true, false])
        #expect(reader.remaining == 0)
    }

    /// A count the remaining bytes cannot hold is refused before anything is allocated.
    @Test func vectorCountsAreChecked() {
        for count in [Int32(-1), 3, Int32.max] {
            var writer = TLWriter()
            writer.writeUInt32(TLConstructor.vector)
            writer.writeInt32(count)
            writer.writeInt64(7)  // room for two ints, one long
            var reader = TLReader(writer.bytes)
            #expect(throws: TLError.vectorTooLong(Int(count))) { try reader.readInt64Vector() }
        }
        var reader = TLReader([0x00, 0x00, 0x00, 0x00, 1, 0, 0, 0])
        #expect(throws: TLError.unknownConstructor(0, expected: "Vector")) { try reader.readInt32Vector() }
    }

    /// Every cut of a valid message is an error, never a crash or a read past the end.
    @Test func truncationAtEveryCutIsAnError() throws {
        var writer = TLWriter()
        writer.writeInt32(1)
        writer.writeInt64(2)
        writer.writeBytes([UInt8](repeating: 7, count: 300))
        writer.writeString("tail")
        writer.writeInt128(TLInt128(bytes: Array(0..<16)))
        writer.writeInt256(TLInt256(bytes: Array(0..<32)))
        writer.writeVector([Int64(1), 2, 3])
        writer.writeBool(true)
        writer.writeDouble(1.5)
        let full = writer.bytes
        func readAll(_ reader: inout TLReader) throws(TLError) {
            _ = try reader.readInt32()
            _ = try reader.readInt64()
            _ = try reader.readBytes()
            _ = try reader.readString()
            _ = try reader.readInt128()
            _ = try reader.readInt256()
            _ = try reader.readInt64Vector()
            _ = try reader.readBool()
            _ = try reader.readDouble()
        }
        var whole = TLReader(full)
        try readAll(&whole)
        #expect(whole.remaining == 0)
        for cut in 0..<full.count {
            var reader = TLReader(full[0..<cut])
            do {
                try readAll(&reader)
                Issue.record("cut at \(cut) parsed")
            } catch {
                switch error {
                case .truncated, .vectorTooLong: break  // a count that no longer fits is refused early
                default: Issue.record("cut at \(cut): \(error)")
                }
            }
        }
    }

    @Test func rawReadsAreBounded() throws {
        var reader = TLReader([1, 2, 3])
        #expect(throws: TLError.truncated(needed: 4, remaining: 3)) { try reader.readRaw(count: 4) }
        #expect(throws: TLError.self) { try reader.readRaw(count: -1) }
        #expect(try reader.readRaw(count: 3) == [1, 2, 3])
        #expect(throws: TLError.truncated(needed: 4, remaining: 0)) { try reader.readInt32() }
    }

    @Test func nestingIsLimited() throws {
        var reader = TLReader([])
        for _ in 0..<TLReader.maximumDepth { try reader.enterObject() }
        #expect(throws: TLError.nestingTooDeep) { try reader.enterObject() }
        reader.leaveObject()
        try reader.enterObject()
    }

    @Test func gzipRoundTrip() throws {
        var generator = SeededGenerator(seed: 35)
        for input in [[], Array("hello hello hello hello".utf8), generator.bytes(100_000),
                      [UInt8](repeating: 0, count: 1 << 20)] {
            let packed = TLGzip.pack(input)
            #expect(packed.starts(with: [0x1f, 0x8b]))
            #expect(try TLGzip.unpack(packed, limit: input.count) == input)
        }
    }

    /// 64 MB of zeros packs into ~64 KB; unpacking with a 1 MB limit stops at the limit.
    @Test func gzipBombIsRefused() throws {
        let bomb = TLGzip.pack([UInt8](repeating: 0, count: 64 << 20))
        #expect(bomb.count < 128 << 10)
        #expect(throws: TLError.self) { try TLGzip.unpack(bomb, limit: 1 << 20) }
        let small = TLGzip.pack([UInt8](repeating: 1, count: 1000))
        #expect(throws: TLError.self) { try TLGzip.unpack(small, limit: 999) }
        #expect(try TLGzip.unpack(small, limit: 1000).count == 1000)
    }

    @Test func gzipGarbageIsAnError() throws {
        let packed = TLGzip.pack(Array("some text to pack, some text to pack".utf8))
        #expect(throws: TLError.self) { try TLGzip.unpack([1, 2, 3, 4], limit: 100) }
        #expect(throws: TLError.self) { try TLGzip.unpack(packed + [0], limit: 100) }
        for cut in 0..<packed.count {
            #expect(throws: TLError.self) { try TLGzip.unpack(Array(packed[0..<cut]), limit: 100) }
        }
    }
}
