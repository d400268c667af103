import BroadcastIPC
import FuzzSupport

/// A frame's bytes as they arrive through the shared ring from the broadcast extension
/// (orientation, Telegram's 20-byte pixel-buffer header, the NV12 planes): `FramePayload.parse`,
/// then `SyntheticFrame.verify` as main's receiver does.
/// Properties: an accepted frame has a valid geometry whose planes lie inside the payload and
/// its header is exactly what `writeHeader` writes for it; on any accepted geometry a synthetic
/// frame verifies as itself and stops verifying when any one byte of it changes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    input.withUnsafeBytes { payload in
        guard case .success(let parsed) = FramePayload.parse(payload) else { return }
        let geometry = parsed.geometry
        invariant(geometry.isValid && parsed.planes.validationError == nil, "parse accepted an invalid frame \(geometry)")
        invariant(geometry.payloadBytes <= payload.count, "parse accepted \(geometry) in \(payload.count) bytes")
        let base = payload.baseAddress!
        invariant(parsed.planes.y.baseAddress == base + FramePayload.headerBytes && parsed.planes.y.count == geometry.yPlaneBytes
                  && parsed.planes.uv.baseAddress == base + FramePayload.headerBytes + geometry.yPlaneBytes
                  && parsed.planes.uv.count == geometry.uvPlaneBytes, "planes of \(geometry) are not where the layout puts them")
        var header = [UInt8](repeating: 0, count: FramePayload.headerBytes)
        header.withUnsafeMutableBytes { FramePayload.writeHeader(orientation: parsed.orientation, geometry: geometry, to: $0.baseAddress!) }
        invariant(header == Array(input[0..<FramePayload.headerBytes]), "writeHeader does not reproduce the parsed header of \(describe(input, limit: 24))")

        // Synthetic frames on this geometry: what draw makes verifies as itself, and any one
        // byte changed after the marker makes it corrupt. (Only that: the checksum finds torn and
        // mixed frames, it is no MAC, so a forged frame with a recomputed checksum verifies.)
        _ = SyntheticFrame.verify(payload: payload)
        guard geometry.width >= SyntheticFrame.minimumWidth else { return }
        let n = input.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
        var frame = NV12Frame(geometry: geometry)
        SyntheticFrame.draw(frameNumber: n, into: &frame)
        invariant(frame.withPlanes { SyntheticFrame.verify($0) } == .verified(frameNumber: n), "drawn frame \(n) of \(geometry) does not verify")
        let position = 8 + Int(n % UInt64(geometry.planeBytes - 8))
        frame.bytes[position] ^= 1 << (n >> 61)
        invariant(frame.withPlanes { SyntheticFrame.verify($0) } == .corrupt, "frame \(n) of \(geometry) with byte \(position) changed still verifies")
    }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        func payload(_ geometry: NV12Geometry, orientation: FrameOrientation = .up, frame: UInt64? = 7) -> [UInt8] {
            var frameBytes = NV12Frame(geometry: geometry)
            if let frame { SyntheticFrame.draw(frameNumber: frame, into: &frameBytes) }
            var header = [UInt8](repeating: 0, count: FramePayload.headerBytes)
            header.withUnsafeMutableBytes { FramePayload.writeHeader(orientation: orientation, geometry: geometry, to: $0.baseAddress!) }
            return header + frameBytes.bytes
        }
        let synthetic = payload(NV12Geometry(width: 32, height: 4))
        var torn = synthetic
        torn[torn.count - 1] ^= 0xFF
        return [
            ("synthetic-32x4", synthetic),
            ("synthetic-strides", payload(NV12Geometry(width: 32, height: 2, yStride: 40, uvStride: 48, pixelFormat: NV12Geometry.videoRange), orientation: .leftMirrored, frame: 1 << 40)),
            ("black-2x2", payload(NV12Geometry(width: 2, height: 2), orientation: .right, frame: nil)),
            ("torn", torn),
            ("short-planes", Array(synthetic.dropLast(5))),
            ("header-only", Array(synthetic.prefix(FramePayload.headerBytes))),
            ("bad-orientation", [9, 0, 0, 0] + synthetic.dropFirst(4)),
        ]
    }
    return 0
}
