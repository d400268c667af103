import Testing
@testable import BroadcastIPC

@Suite("Broadcast synthetic frames")
struct BroadcastSyntheticFrameTests {
    let geometry = NV12Geometry(width: 96, height: 64, yStride: 112, uvStride: 104)

    @Test func drawnFramesVerifyWithTheirNumber() {
        for n: UInt64 in [0, 1, 2, 255, 256, 1 << 40, .max] {
            let frame = syntheticFrame(n, geometry)
            #expect(frame.withPlanes { SyntheticFrame.verify($0) } == .verified(frameNumber: n))
        }
        #expect(NV12Frame(geometry: geometry).withPlanes { SyntheticFrame.verify($0) } == .notSynthetic)
    }

    @Test func anyChangedByteIsCorrupt() {
        var frame = syntheticFrame(9, geometry)
        // First byte after the field, a stride padding byte, the last byte of each plane.
        for index in [SyntheticFrame.fieldBytes, geometry.width + 3, geometry.yPlaneBytes - 1, geometry.yPlaneBytes, geometry.planeBytes - 1] {
            frame.bytes[index] ^= 0x01
            #expect(frame.withPlanes { SyntheticFrame.verify($0) } == .corrupt, "byte \(index)")
            frame.bytes[index] ^= 0x01
        }
        // Relabelling the frame number breaks it too.
        frame.bytes[8] ^= 0x01
        #expect(frame.withPlanes { SyntheticFrame.verify($0) } == .corrupt)
    }

    @Test func aMixOfTwoFramesIsCorruptWhereverTheSeam() {
        let a = syntheticFrame(100, geometry), b = syntheticFrame(103, geometry)
        for seam in stride(from: SyntheticFrame.fieldBytes, to: geometry.planeBytes, by: 97) {
            // (A tail the two frames share would make the "mix" simply the first frame.)
            var mixed = a
            mixed.bytes.replaceSubrange(seam..., with: b.bytes[seam...])
            #expect(mixed.bytes != a.bytes)
            #expect(mixed.withPlanes { SyntheticFrame.verify($0) } == .corrupt, "seam at \(seam)")
            var reversed = b
            reversed.bytes.replaceSubrange(seam..., with: a.bytes[seam...])
            #expect(reversed.withPlanes { SyntheticFrame.verify($0) } == .corrupt, "seam at \(seam)")
        }
        // Even frames 120 or 256 apart (same row shading or same chroma) differ somewhere.
        for other: UInt64 in [220, 356, 100 + 768] {
            #expect(syntheticFrame(other, geometry).bytes != a.bytes)
        }
    }

    @Test func hashSeesEveryWordAndTail() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let base = bytes.withUnsafeBytes { FrameHash.hash($0, seed: 1) }
        #expect(bytes.withUnsafeBytes { FrameHash.hash($0, seed: 2) } != base)
        for index in [0, 7, 8, 31, 32, 500, 991, 999] {
            var changed = bytes
            changed[index] ^= 0x80
            #expect(changed.withUnsafeBytes { FrameHash.hash($0, seed: 1) } != base, "byte \(index)")
        }
        // Length matters, including trailing zeros.
        #expect((bytes + [0]).withUnsafeBytes { FrameHash.hash($0, seed: 1) } != base)
        #expect([UInt8]().withUnsafeBytes { FrameHash.hash($0) } != [UInt8](repeating: 0, count: 8).withUnsafeBytes { FrameHash.hash($0) })
        // Unaligned views hash the same bytes the same way.
        let shifted = [0xEE] + bytes
        #expect(shifted.withUnsafeBytes { FrameHash.hash(UnsafeRawBufferPointer(rebasing: $0[1...]), seed: 1) } == base)
    }
}
