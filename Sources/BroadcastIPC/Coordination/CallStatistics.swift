/// `call-stats.json`: what main's call side measured, written by main about once a second
/// and read by `main status`. Counts are since the call started.
public struct CallStatistics: Codable, Equatable, Sendable {
    public var mode: BroadcastCoordinationType
    /// The coordination id (`currentPayloadDescription.json`'s id; names `0-data-<id>`).
    public var callId: UInt32
    public var peerId: Int64
    /// Unix seconds.
    public var startedAt: Int32
    /// The keepalive rule's verdict at `updatedAt`.
    public var extensionActive: Bool
    public var framesReceived: UInt64
    public var framesDropped: UInt64
    public var framesRejected: UInt64
    public var tornDiscarded: UInt64
    /// Synthetic frames whose checksum did not match (0 unless something is broken).
    public var checksumFailures: UInt64
    /// Synthetic frames whose checksum matched.
    public var framesVerified: UInt64
    /// Frames received in the last second.
    public var fps: Double
    /// Frames received per second since the first frame.
    public var averageFps: Double
    /// Capture timestamp (writer's CLOCK_MONOTONIC) to the reader's copy, in milliseconds.
    public var latencyAverageMs: Double
    public var latencyP50Ms: Double
    public var latencyMaxMs: Double
    public var audioBytes: UInt64
    public var audioChunks: UInt64
    public var lastRejectReason: String?
    /// Bytes of accepted frames copied out of the shared ring, and the nanoseconds those copies took.
    public var copiedBytes: UInt64
    public var copyNanos: UInt64
    /// Unix seconds.
    public var updatedAt: Int32

    public init(mode: BroadcastCoordinationType, callId: UInt32, peerId: Int64, startedAt: Int32,
                extensionActive: Bool = false, framesReceived: UInt64 = 0, framesDropped: UInt64 = 0,
                framesRejected: UInt64 = 0, tornDiscarded: UInt64 = 0, checksumFailures: UInt64 = 0,
                framesVerified: UInt64 = 0, fps: Double = 0, averageFps: Double = 0,
                latencyAverageMs: Double = 0, latencyP50Ms: Double = 0, latencyMaxMs: Double = 0,
                audioBytes: UInt64 = 0, audioChunks: UInt64 = 0, lastRejectReason: String? = nil,
                copiedBytes: UInt64 = 0, copyNanos: UInt64 = 0, updatedAt: Int32) {
        self.mode = mode
        self.callId = callId
        self.peerId = peerId
        self.startedAt = startedAt
        self.extensionActive = extensionActive
        self.framesReceived = framesReceived
        self.framesDropped = framesDropped
        self.framesRejected = framesRejected
        self.tornDiscarded = tornDiscarded
        self.checksumFailures = checksumFailures
        self.framesVerified = framesVerified
        self.fps = fps
        self.averageFps = averageFps
        self.latencyAverageMs = latencyAverageMs
        self.latencyP50Ms = latencyP50Ms
        self.latencyMaxMs = latencyMaxMs
        self.audioBytes = audioBytes
        self.audioChunks = audioChunks
        self.lastRejectReason = lastRejectReason
        self.copiedBytes = copiedBytes
        self.copyNanos = copyNanos
        self.updatedAt = updatedAt
    }
}
