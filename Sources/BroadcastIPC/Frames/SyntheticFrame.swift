#if canImport(Glibc)
import Glibc
#endif

/// Test frames that prove themselves whole. Frame n has rows whose brightness depends on the row
/// and n, a bar that moves with n, CbCr constant per frame, and n stamped at the end of every row
/// of both planes; the first 24 bytes of the Y plane hold a marker, n and a checksum of everything
/// else in both planes (padding included). A frame stitched from two frames therefore fails:
/// whichever frame the marker came from, some stamped row came from the other.
public enum SyntheticFrame {
    /// "TGSYNFRM" as a little-endian word.
    public static let marker: UInt64 = 0x4D52_464E_5953_4754
    /// Marker, frame number, checksum.
    public static let fieldBytes = 24
    /// Room for the field and a visible bar in the first row.
    public static let minimumWidth = 32

    public enum Verification: Equatable, Sendable {
        case verified(frameNumber: UInt64)
        /// No marker: a real frame (or a source that is not ours).
        case notSynthetic
        /// Marker present but the checksum does not match: torn, mixed or damaged.
        case corrupt
    }

    /// Draws frame `frameNumber` into `frame` (about a memset of the frame, plus the checksum).
    public static func draw(frameNumber: UInt64, into frame: inout NV12Frame) {
        let geometry = frame.geometry
        frame.withMutablePlanes { y, uv in draw(frameNumber: frameNumber, geometry: geometry, y: y, uv: uv) }
    }

    /// Draws into caller-owned planes (for example straight into a mapped buffer).
    public static func draw(frameNumber n: UInt64, geometry: NV12Geometry,
                            y: UnsafeMutableRawBufferPointer, uv: UnsafeMutableRawBufferPointer) {
        precondition(geometry.isValid && geometry.width >= minimumWidth, "synthetic frames need a valid geometry at least \(minimumWidth) wide")
        precondition(y.count >= geometry.yPlaneBytes && uv.count >= geometry.uvPlaneBytes, "planes too small for \(geometry)")
        let yBase = y.baseAddress!, uvBase = uv.baseAddress!
        let width = geometry.width
        let barWidth = max(8, width / 16)
        let barX = Int((n &* 8) % UInt64(width - barWidth - 8))
        let shift = Int((n &* 5) % 200)
        for row in 0..<geometry.height {
            let line = yBase + row * geometry.yStride
            memset(line, Int32(16 + (row + shift) % 200), geometry.yStride)
            memset(line + barX, 235, barWidth)
            line.storeBytes(of: n, toByteOffset: width - 8, as: UInt64.self)
        }
        // CbCr pairs constant for the frame: fill one row, copy it down.
        let cb = UInt8(truncatingIfNeeded: 64 &+ n), cr = UInt8(truncatingIfNeeded: 192 &- (n >> 8))
        for column in 0..<geometry.uvStride { uvBase.storeBytes(of: column % 2 == 0 ? cb : cr, toByteOffset: column, as: UInt8.self) }
        uvBase.storeBytes(of: n, toByteOffset: width - 8, as: UInt64.self)
        for row in 1..<(geometry.height / 2) {
            memcpy(uvBase + row * geometry.uvStride, uvBase, geometry.uvStride)
        }
        yBase.storeBytes(of: marker, toByteOffset: 0, as: UInt64.self)
        yBase.storeBytes(of: n, toByteOffset: 8, as: UInt64.self)
        let planes = NV12Planes(geometry: geometry, y: UnsafeRawBufferPointer(y), uv: UnsafeRawBufferPointer(uv))
        yBase.storeBytes(of: checksum(frameNumber: n, planes: planes), toByteOffset: 16, as: UInt64.self)
    }

    /// Checks a frame the ring reader returned.
    public static func verify(_ planes: NV12Planes) -> Verification {
        let geometry = planes.geometry
        guard geometry.yPlaneBytes >= fieldBytes, planes.y.count >= geometry.yPlaneBytes,
              planes.uv.count >= geometry.uvPlaneBytes, let yBase = planes.y.baseAddress,
              yBase.loadUnaligned(fromByteOffset: 0, as: UInt64.self) == marker else { return .notSynthetic }
        let n = yBase.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let stored = yBase.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        return checksum(frameNumber: n, planes: planes) == stored ? .verified(frameNumber: n) : .corrupt
    }

    /// Checks a payload in Telegram's layout (orientation, header, planes).
    public static func verify(payload: UnsafeRawBufferPointer) -> Verification {
        guard case .success(let parsed) = FramePayload.parse(payload) else { return .notSynthetic }
        return verify(parsed.planes)
    }

    /// The checksum of both planes except the field, seeded with the frame number and geometry
    /// so a frame relabelled or reinterpreted with other strides fails too.
    public static func checksum(frameNumber: UInt64, planes: NV12Planes) -> UInt64 {
        let g = planes.geometry
        let seed = frameNumber ^ (UInt64(g.width) << 48) ^ (UInt64(g.height) << 32) ^ (UInt64(g.yStride) << 16)
            ^ UInt64(g.uvStride) ^ (UInt64(g.pixelFormat) &* FrameHash.multiplier)
        let yRest = UnsafeRawBufferPointer(rebasing: planes.y[fieldBytes..<g.yPlaneBytes])
        let yHash = FrameHash.hash(yRest, seed: seed)
        return FrameHash.hash(UnsafeRawBufferPointer(rebasing: planes.uv[0..<g.uvPlaneBytes]), seed: yHash)
    }
}
