import BroadcastIPC
import Container

/// `call-stats.json`: BroadcastIPC's `CallStatistics` with its keys at the top level (so any
/// reader of `CallStatistics` reads this file), plus what main knows besides: whether the call
/// ended and why, the extension's liveness reason, the frame file's state, the embedded join.
/// Absent values are written as null, so every key is always there.
public struct CallStatisticsReport: Codable, Equatable, Sendable {
    public var statistics: CallStatistics
    public var ended: Bool
    public var endReason: String?
    /// The process hosting the call (`main run`, or `main call start` itself).
    var hostPid: Int32
    /// The coordination directory.
    var directory: String
    /// "active", or "inactive: <reason>".
    public var extensionStatus: String
    public var frameSource: FrameSourceState
    public var frameSourceDetail: String?
    /// The last accepted frame's geometry, e.g. "1920×1080 '420f' strides 1920/1920".
    var frameGeometry: String?
    /// Accepted frames without the synthetic marker (a real source): whole by the seqlock, unverified.
    var framesNotSynthetic: UInt64
    var latencyP95Ms: Double
    /// "open", or "none (embedded mode)".
    var audioStatus: String
    var audioRejections: UInt64
    var lastAudioRejectReason: String?
    /// Embedded mode's handshake; null in-process.
    var join: EmbeddedJoin.Status?
    /// Set while the payload description cannot be written.
    var heartbeatError: String?

    /// Live: not ended, and rewritten within the last 3 s (the host rewrites it every second).
    func isLive(now: Int32 = Clock.unixTime()) -> Bool {
        !ended && Int64(now) - Int64(statistics.updatedAt) <= 3
    }

    private enum CodingKeys: String, CodingKey {
        case ended, endReason, hostPid, directory, extensionStatus, frameSource, frameSourceDetail, frameGeometry
        case framesNotSynthetic, latencyP95Ms, audioStatus, audioRejections, lastAudioRejectReason, join, heartbeatError
        /// CallStatistics' own key, which its encoding leaves out when nil.
        case lastRejectReason
    }

    init(statistics: CallStatistics, ended: Bool, endReason: String?, hostPid: Int32, directory: String,
         extensionStatus: String, frameSource: FrameSourceState, frameSourceDetail: String?, frameGeometry: String?,
         framesNotSynthetic: UInt64, latencyP95Ms: Double, audioStatus: String, audioRejections: UInt64,
         lastAudioRejectReason: String?, join: EmbeddedJoin.Status?, heartbeatError: String?) {
        self.statistics = statistics
        self.ended = ended
        self.endReason = endReason
        self.hostPid = hostPid
        self.directory = directory
        self.extensionStatus = extensionStatus
        self.frameSource = frameSource
        self.frameSourceDetail = frameSourceDetail
        self.frameGeometry = frameGeometry
        self.framesNotSynthetic = framesNotSynthetic
        self.latencyP95Ms = latencyP95Ms
        self.audioStatus = audioStatus
        self.audioRejections = audioRejections
        self.lastAudioRejectReason = lastAudioRejectReason
        self.join = join
        self.heartbeatError = heartbeatError
    }

    public init(from decoder: Decoder) throws {
        statistics = try CallStatistics(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ended = try c.decode(Bool.self, forKey: .ended)
        endReason = try c.decodeIfPresent(String.self, forKey: .endReason)
        hostPid = try c.decode(Int32.self, forKey: .hostPid)
        directory = try c.decode(String.self, forKey: .directory)
        extensionStatus = try c.decode(String.self, forKey: .extensionStatus)
        frameSource = try c.decode(FrameSourceState.self, forKey: .frameSource)
        frameSourceDetail = try c.decodeIfPresent(String.self, forKey: .frameSourceDetail)
        frameGeometry = try c.decodeIfPresent(String.self, forKey: .frameGeometry)
        framesNotSynthetic = try c.decode(UInt64.self, forKey: .framesNotSynthetic)
        latencyP95Ms = try c.decode(Double.self, forKey: .latencyP95Ms)
        audioStatus = try c.decode(String.self, forKey: .audioStatus)
        audioRejections = try c.decode(UInt64.self, forKey: .audioRejections)
        lastAudioRejectReason = try c.decodeIfPresent(String.self, forKey: .lastAudioRejectReason)
        join = try c.decodeIfPresent(EmbeddedJoin.Status.self, forKey: .join)
        heartbeatError = try c.decodeIfPresent(String.self, forKey: .heartbeatError)
    }

    public func encode(to encoder: Encoder) throws {
        try statistics.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        if statistics.lastRejectReason == nil { try c.encodeNil(forKey: .lastRejectReason) }
        try c.encode(ended, forKey: .ended)
        try c.encode(endReason, forKey: .endReason)
        try c.encode(hostPid, forKey: .hostPid)
        try c.encode(directory, forKey: .directory)
        try c.encode(extensionStatus, forKey: .extensionStatus)
        try c.encode(frameSource, forKey: .frameSource)
        try c.encode(frameSourceDetail, forKey: .frameSourceDetail)
        try c.encode(frameGeometry, forKey: .frameGeometry)
        try c.encode(framesNotSynthetic, forKey: .framesNotSynthetic)
        try c.encode(latencyP95Ms, forKey: .latencyP95Ms)
        try c.encode(audioStatus, forKey: .audioStatus)
        try c.encode(audioRejections, forKey: .audioRejections)
        try c.encode(lastAudioRejectReason, forKey: .lastAudioRejectReason)
        try c.encode(join, forKey: .join)
        try c.encode(heartbeatError, forKey: .heartbeatError)
    }
}
