import BroadcastIPC
import Container
import FuzzSupport

/// `0-data-<id>`, the shared frame ring main maps from a file the broadcast extension writes into
/// (and, in embedded mode, one the extension makes): `FrameRingReader` opening it and taking the
/// newest frame. The input lays out a ring file: bytes 0..<32 the file header, 32..<96 a slot
/// header, the rest that slot's payload, repeated in every slot so any sequence number lands on
/// fuzzed bytes; the file is sized as its header says (up to 1 MiB) unless the writer pid field
/// is negative, which leaves it short.
/// Properties: a foreign, short or malformed file is an error, never a crash; an accepted frame
/// is the newest sequence, whole (its bytes are the slot's), with a valid header; every frame
/// number up to the last one read is counted exactly once; the file is never reported truncated
/// (it is not); a second read finds nothing new.
let file = ScratchFile("0-data-fuzz")

struct RingFile {
    let header: [UInt8]
    let slotHeader: [UInt8]
    let payload: [UInt8]

    init(_ input: [UInt8]) {
        func part(_ range: Range<Int>) -> [UInt8] {
            let bytes = Array(input[min(range.lowerBound, input.count)..<min(range.upperBound, input.count)])
            return bytes + [UInt8](repeating: 0, count: range.count - bytes.count)
        }
        header = part(0..<32)
        slotHeader = part(32..<96)
        payload = input.count > 96 ? Array(input[96...]) : []
    }

    func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 { bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) } }
    func u64(_ bytes: [UInt8], _ offset: Int) -> UInt64 { bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) } }

    var latestSequence: UInt64 { u64(header, FrameRingLayout.Header.latestSequence) }
    var payloadLength: Int { Int(u32(slotHeader, FrameRingLayout.Slot.payloadLength)) }
    var layout: FrameRingLayout? {
        try? FrameRingLayout(slotCount: Int(u32(header, FrameRingLayout.Header.slotCount)),
                             slotCapacity: Int(u32(header, FrameRingLayout.Header.slotCapacity)))
    }
    var sizedAsDeclared: Bool { Int32(bitPattern: u32(header, FrameRingLayout.Header.writerPid)) >= 0 }

    /// The slot's payload bytes as the file holds them (zeros past the input).
    func slotPayload(_ length: Int) -> [UInt8] { Array(payload.prefix(length)) + [UInt8](repeating: 0, count: max(0, length - payload.count)) }

    /// Writes the file; its size.
    func write() -> Int {
        if let layout, layout.fileSize <= 1 << 20 {
            let room = layout.slotStride - FrameRingLayout.slotHeaderBytes
            var pieces: [(offset: Int, bytes: [UInt8])] = [(0, header)]
            for index in 0..<layout.slotCount {
                pieces.append((layout.slotOffset(index: index), slotHeader + payload.prefix(room)))
            }
            let size = sizedAsDeclared ? layout.fileSize : FrameRingLayout.fileHeaderBytes + payload.count
            file.write(size: size, pieces: pieces)
            return size
        }
        let size = FrameRingLayout.fileHeaderBytes + FrameRingLayout.slotHeaderBytes + payload.count
        file.write(size: size, pieces: [(0, header), (FrameRingLayout.fileHeaderBytes, slotHeader + payload)])
        return size
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let ring = RingFile(fuzzBytes(start, count))
    let size = ring.write()
    guard let reader = try? FrameRingReader(path: file.path) else { return 0 }
    guard let layout = ring.layout, reader.layout == layout, size >= layout.fileSize, layout.fileSize <= 1 << 20 else {
        violated("FrameRingReader opened a \(size)-byte ring whose header is \(describe(ring.header)) (layout \(String(describing: ring.layout)))")
    }
    let latest = ring.latestSequence
    switch reader.next(timeoutNanos: 0) {
    case .frame(let frame):
        invariant(latest > 0 && frame.frameNumber == latest, "returned frame \(frame.frameNumber), the newest is \(latest)")
        invariant(frame.payload.count == ring.payloadLength && ring.payloadLength <= layout.slotCapacity, "returned \(frame.payload.count) bytes, the slot says \(ring.payloadLength)")
        invariant(Array(frame.payload) == ring.slotPayload(ring.payloadLength), "the returned payload is not the slot's bytes")
        guard case .success(let parsed) = FramePayload.parse(frame.payload) else { violated("returned a frame whose payload does not parse") }
        invariant(parsed.geometry == frame.geometry && parsed.orientation == frame.orientation, "returned geometry differs from the payload's header")
        invariant(reader.counters.received == 1, "one frame returned, \(reader.counters.received) counted")
    case .rejected:
        invariant(reader.counters.rejected == 1, "a rejected frame was not counted")
    case .timeout:
        invariant(latest == 0 || reader.counters.tornDiscarded == 1, "nothing returned for frame \(latest), and nothing counted")
    case .fileTruncated:
        violated("the ring was reported truncated; the file covers every slot")
    }
    invariant(reader.lastFrameNumber == latest && reader.counters.accounted == latest,
              "frames up to \(reader.lastFrameNumber) read, \(reader.counters.accounted) accounted, newest \(latest)")
    guard case .timeout = reader.next(timeoutNanos: 0) else { violated("a second read found a new frame in an unchanged ring") }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        var frame = NV12Frame(geometry: NV12Geometry(width: 32, height: 2))
        SyntheticFrame.draw(frameNumber: 5, into: &frame)
        var payload = [UInt8](repeating: 0, count: FramePayload.headerBytes)
        payload.withUnsafeMutableBytes { FramePayload.writeHeader(orientation: .up, geometry: frame.geometry, to: $0.baseAddress!) }
        payload += frame.bytes
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
        func ring(magic: UInt32 = FrameRingLayout.magic, version: UInt32 = 1, slots: UInt32 = 3, capacity: UInt32? = nil,
                  latest: UInt64 = 5, pid: Int32 = 100, seq: UInt64 = 2, frameNumber: UInt64 = 5, length: UInt32? = nil) -> [UInt8] {
            let header = le(magic) + le(version) + le(slots) + le(capacity ?? UInt32(payload.count)) + le(latest) + le(UInt32(5)) + le(pid)
            let slot = le(seq) + le(frameNumber) + le(UInt64(123_456)) + le(length ?? UInt32(payload.count)) + [UInt8](repeating: 0, count: 36)
            return header + slot + payload
        }
        return [
            ("frame", ring()),
            ("one-slot", ring(slots: 1, latest: 1, frameNumber: 1)),
            ("no-frame-yet", ring(latest: 0)),
            ("torn", ring(seq: 3)),
            ("stale-slot", ring(frameNumber: 2)),
            ("length-over-capacity", ring(length: UInt32(payload.count + 1))),
            ("bad-magic", ring(magic: 0x5242_4755)),
            ("version-2", ring(version: 2)),
            ("short-file", ring(pid: -1)),
            ("huge-capacity", ring(capacity: 256 << 20)),
            ("latest-max", ring(slots: 1, latest: .max, frameNumber: .max)),
        ]
    }
    return 0
}
