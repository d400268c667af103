import BroadcastIPC

/// The running app's group call as the interface sees it: its figures at one moment, from the
/// statistics the call writes every second (`call-stats.json`'s content, kept in memory).
public struct CallSnapshot: Sendable, Equatable {
    public let callId: UInt32
    public let peerId: Int64
    /// "inProcess" or "embedded".
    public let mode: String
    /// Unix seconds.
    public let startedAt: Int32
    /// When these figures were taken (unix seconds).
    public let updatedAt: Int32
    /// Frames received in the last second, and on average since the first.
    public let fps: Double
    public let averageFps: Double
    public let framesReceived: UInt64
    /// Synthetic frames whose checksum proved them whole.
    public let framesVerified: UInt64
    public let framesDropped: UInt64
    /// The broadcast extension's keepalive verdict (Telegram's rule: this call's id, at most 2 s old).
    public let extensionActive: Bool
    /// "active", or "inactive: <reason>".
    public let extensionStatus: String
    public let frameSource: FrameSourceState
    public let frameSourceDetail: String?
    public let ended: Bool
    public let endReason: String?

    public init(_ report: CallStatisticsReport) {
        let s = report.statistics
        callId = s.callId
        peerId = s.peerId
        mode = s.mode.rawValue
        startedAt = s.startedAt
        updatedAt = s.updatedAt
        fps = s.fps
        averageFps = s.averageFps
        framesReceived = s.framesReceived
        framesVerified = s.framesVerified
        framesDropped = s.framesDropped
        extensionActive = s.extensionActive
        extensionStatus = report.extensionStatus
        frameSource = report.frameSource
        frameSourceDetail = report.frameSourceDetail
        ended = report.ended
        endReason = report.endReason
    }
}
