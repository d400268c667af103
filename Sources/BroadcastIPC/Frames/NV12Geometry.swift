/// The shape of an NV12 frame (bi-planar 4:2:0: a Y plane of `yStride × height` bytes, then an
/// interleaved CbCr plane of `uvStride × height/2`), as Telegram's `serializePixelBuffer` records it.
/// Shared by the ring's writer and reader and by frame sources.
public struct NV12Geometry: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `kCVPixelFormatType_420YpCbCr8BiPlanarFullRange`, '420f'.
    public static let fullRange: UInt32 = 0x3432_3066
    /// `kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange`, '420v'.
    public static let videoRange: UInt32 = 0x3432_3076
    /// Telegram's reader refuses anything larger.
    public static let maximumDimension = 8192

    public var width: Int
    public var height: Int
    public var yStride: Int
    public var uvStride: Int
    public var pixelFormat: UInt32

    public init(width: Int, height: Int, yStride: Int, uvStride: Int, pixelFormat: UInt32 = NV12Geometry.fullRange) {
        self.width = width
        self.height = height
        self.yStride = yStride
        self.uvStride = uvStride
        self.pixelFormat = pixelFormat
    }

    /// Tightly packed rows (strides equal to the width).
    public init(width: Int, height: Int, pixelFormat: UInt32 = NV12Geometry.fullRange) {
        self.init(width: width, height: height, yStride: width, uvStride: width, pixelFormat: pixelFormat)
    }

    public var yPlaneBytes: Int { yStride * height }
    public var uvPlaneBytes: Int { uvStride * (height / 2) }
    public var planeBytes: Int { yPlaneBytes + uvPlaneBytes }
    /// The whole Telegram payload: orientation, pixel-buffer header, planes.
    public var payloadBytes: Int { FramePayload.headerBytes + planeBytes }

    /// nil when the geometry is usable, else why not. Strides are bounded too, so a hostile
    /// header cannot make plane sizes overflow.
    public var validationError: String? {
        let maximum = Self.maximumDimension
        guard Self.isKnown(pixelFormat) else { return "unknown pixel format \(Self.fourCC(pixelFormat))" }
        guard (1...maximum).contains(width) else { return "width \(width) outside 1…\(maximum)" }
        guard (1...maximum).contains(height) else { return "height \(height) outside 1…\(maximum)" }
        guard width % 2 == 0, height % 2 == 0 else { return "odd dimensions \(width)×\(height) (4:2:0 needs even)" }
        guard yStride >= width, yStride <= 4 * maximum else { return "Y stride \(yStride) for width \(width)" }
        guard uvStride >= width, uvStride <= 4 * maximum else { return "UV stride \(uvStride) for width \(width)" }
        return nil
    }

    public var isValid: Bool { validationError == nil }

    public static func isKnown(_ pixelFormat: UInt32) -> Bool { pixelFormat == fullRange || pixelFormat == videoRange }

    /// '420f' for a four-character code, hex for anything unprintable.
    public static func fourCC(_ value: UInt32) -> String {
        let bytes = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return "'" + String(decoding: bytes, as: UTF8.self) + "'" }
        return "0x" + String(value, radix: 16)
    }

    public var description: String {
        "\(width)×\(height) \(Self.fourCC(pixelFormat)) strides \(yStride)/\(uvStride)"
    }
}
