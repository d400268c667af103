/// The bytes of one frame, exactly as Telegram puts them in the shared file (host-endian):
///
///     Int32  orientation (CGImagePropertyOrientation raw value, 1…8)
///     UInt32 pixelFormat ('420f' or '420v')       ┐
///     Int32  width, height, yStride, uvStride      ┘ serializePixelBuffer's 20-byte header
///     Y plane  (yStride × height)
///     UV plane (uvStride × height/2)
public enum FramePayload {
    public static let orientationBytes = 4
    public static let pixelBufferHeaderBytes = 20
    /// Orientation plus the pixel-buffer header: where the Y plane starts.
    public static let headerBytes = orientationBytes + pixelBufferHeaderBytes

    /// A parsed payload; its planes point into the bytes it was parsed from.
    public struct Parsed {
        public let orientation: FrameOrientation
        public let planes: NV12Planes
        public var geometry: NV12Geometry { planes.geometry }
    }

    /// Writes the 24 header bytes at `destination`.
    public static func writeHeader(orientation: FrameOrientation, geometry: NV12Geometry, to destination: UnsafeMutableRawPointer) {
        destination.storeBytes(of: Int32(bitPattern: orientation.rawValue), toByteOffset: 0, as: Int32.self)
        destination.storeBytes(of: geometry.pixelFormat, toByteOffset: 4, as: UInt32.self)
        destination.storeBytes(of: Int32(truncatingIfNeeded: geometry.width), toByteOffset: 8, as: Int32.self)
        destination.storeBytes(of: Int32(truncatingIfNeeded: geometry.height), toByteOffset: 12, as: Int32.self)
        destination.storeBytes(of: Int32(truncatingIfNeeded: geometry.yStride), toByteOffset: 16, as: Int32.self)
        destination.storeBytes(of: Int32(truncatingIfNeeded: geometry.uvStride), toByteOffset: 20, as: Int32.self)
    }

    /// Validates and parses a payload; the failure is the reason a reader reports.
    public static func parse(_ payload: UnsafeRawBufferPointer) -> Result<Parsed, FrameRejection> {
        guard payload.count >= headerBytes, let base = payload.baseAddress else {
            return .failure(FrameRejection("payload of \(payload.count) bytes is shorter than its header"))
        }
        let rawOrientation = base.loadUnaligned(fromByteOffset: 0, as: Int32.self)
        guard let orientation = FrameOrientation(rawValue: UInt32(bitPattern: rawOrientation)) else {
            return .failure(FrameRejection("orientation \(rawOrientation) outside 1…8"))
        }
        let geometry = NV12Geometry(width: Int(base.loadUnaligned(fromByteOffset: 8, as: Int32.self)),
                                    height: Int(base.loadUnaligned(fromByteOffset: 12, as: Int32.self)),
                                    yStride: Int(base.loadUnaligned(fromByteOffset: 16, as: Int32.self)),
                                    uvStride: Int(base.loadUnaligned(fromByteOffset: 20, as: Int32.self)),
                                    pixelFormat: base.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        if let error = geometry.validationError { return .failure(FrameRejection(error)) }
        guard geometry.payloadBytes <= payload.count else {
            return .failure(FrameRejection("planes of \(geometry) need \(geometry.payloadBytes) bytes, payload has \(payload.count)"))
        }
        let y = UnsafeRawBufferPointer(start: base + headerBytes, count: geometry.yPlaneBytes)
        let uv = UnsafeRawBufferPointer(start: base + headerBytes + geometry.yPlaneBytes, count: geometry.uvPlaneBytes)
        return .success(Parsed(orientation: orientation, planes: NV12Planes(geometry: geometry, y: y, uv: uv)))
    }
}

/// Why a frame was refused.
public struct FrameRejection: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
