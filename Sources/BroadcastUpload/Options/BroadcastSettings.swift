import BroadcastIPC

/// What `broadcast start` was asked to do, validated.
public struct BroadcastSettings: Equatable, Sendable {
    public static let maximumFps = 240
    /// A day: long enough for any soak test, short enough that a typo cannot mean "forever".
    public static let maximumDuration = 86_400.0

    public var source: FrameSourceChoice
    public var size: FrameSize
    /// Frames per second; 0 publishes as fast as the ring takes them (stress tests).
    public var fps: Int
    public var orientation: FrameOrientation
    public var audio: Bool
    /// Seconds until the broadcast ends as if the user stopped it; nil runs until the call ends.
    public var duration: Double?

    public init(source: FrameSourceChoice = .synthetic, size: FrameSize = .hd, fps: Int = 30,
                orientation: FrameOrientation = .up, audio: Bool = true, duration: Double? = nil) {
        self.source = source
        self.size = size
        self.fps = fps
        self.orientation = orientation
        self.audio = audio
        self.duration = duration
    }

    public var geometry: NV12Geometry { size.geometry }

    /// nil when usable, else the message for a usage error.
    public var validationError: String? {
        if let error = size.validationError { return "--size \(size): \(error)" }
        if source == .synthetic && size.width < SyntheticFrame.minimumWidth {
            return "--size \(size): synthetic frames need a width of at least \(SyntheticFrame.minimumWidth)"
        }
        guard (0...Self.maximumFps).contains(fps) else { return "--fps must be between 0 and \(Self.maximumFps) (0: as fast as possible)" }
        if let duration, !(duration.isFinite && duration > 0 && duration <= Self.maximumDuration) {
            return "--duration must be more than 0 and at most \(Int(Self.maximumDuration)) seconds"
        }
        return nil
    }
}
