import BroadcastIPC

/// `--size WxH`: the frames' dimensions. Tight strides (stride = width), as a YUV file has them.
public struct FrameSize: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public static let hd = FrameSize(width: 1280, height: 720)

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// "1920x1080" (also "1920X1080" or "1920×1080"); nil unless two decimal numbers.
    public init?(argument: String) {
        let parts = argument.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    public var geometry: NV12Geometry { NV12Geometry(width: width, height: height) }

    /// nil when NV12 can carry it (Telegram's 1…8192, even for 4:2:0), else why not.
    public var validationError: String? { geometry.validationError }

    public var description: String { "\(width)x\(height)" }

    public var defaultValueDescription: String { description }
}
