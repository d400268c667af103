import BroadcastIPC
import FoundationEssentials
import Formats

/// What `broadcast start` prints when it finishes: its statistics, as text or (--json) one object.
/// Every key is always present (null when there is no value), so readers find each one.
public struct BroadcastReport: Encodable, Sendable {
    public var status = "finished"
    /// screencastEnded, callEnded, userStopped or error.
    public var reason: String
    /// The error's message; null otherwise.
    public var detail: String?
    public var mode: BroadcastCoordinationType
    /// The coordination id the app published; null if none was seen.
    public var callId: UInt32?
    /// "synthetic" or the YUV file's path.
    public var source: String
    public var size: String
    /// Requested frames per second (0: unpaced).
    public var fps: Int
    public var orientation: Int
    public var audio: Bool
    /// Frames per second actually published, first frame to last.
    public var achievedFps: Double
    public var framesSent: UInt64
    /// Pacer ticks skipped because a frame took longer than its interval.
    public var missedTicks: UInt64
    /// Audio bytes in chunks the FIFO took whole (no length prefixes, as main counts them);
    /// embedded: bytes handed to our own stream.
    public var audioBytesSent: UInt64
    /// Audio bytes in chunks dropped (more than 1 MiB queued, the reader gone) or still queued at the end.
    public var audioBytesDropped: UInt64
    /// From the start of the broadcast (after the bootstrap) to the end.
    public var durationSeconds: Double
    /// From the stream's start (status active) to the end.
    public var streamingSeconds: Double
    /// The app's lock state (reported only: Telegram's broadcast extension does not check it).
    public var locked: Bool
    public var transitions: [BroadcastTransition]

    public init(_ result: BroadcastRun.Result, settings: BroadcastSettings, mode: BroadcastCoordinationType, locked: Bool) {
        reason = result.reason.name
        detail = result.reason.detail
        self.mode = mode
        callId = result.callId
        source = settings.source.description
        size = settings.size.description
        fps = settings.fps
        orientation = Int(settings.orientation.rawValue)
        audio = settings.audio
        let streaming = Double(result.totals.streamingNanos) / 1e9
        achievedFps = Self.rounded(result.totals.achievedFps, 2)
        framesSent = result.totals.framesSent
        missedTicks = result.totals.missedTicks
        audioBytesSent = result.totals.audioBytesSent
        audioBytesDropped = result.totals.audioBytesDropped
        durationSeconds = Self.rounded(Double(result.durationNanos) / 1e9, 3)
        streamingSeconds = Self.rounded(streaming, 3)
        self.locked = locked
        transitions = result.transitions
    }

    enum CodingKeys: String, CodingKey {
        case status, reason, detail, mode, callId, source, size, fps, orientation, audio, achievedFps, framesSent, missedTicks
        case audioBytesSent, audioBytesDropped, durationSeconds, streamingSeconds, locked, transitions
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(status, forKey: .status)
        try c.encode(reason, forKey: .reason)
        try c.encode(detail, forKey: .detail)
        try c.encode(mode, forKey: .mode)
        try c.encode(callId, forKey: .callId)
        try c.encode(source, forKey: .source)
        try c.encode(size, forKey: .size)
        try c.encode(fps, forKey: .fps)
        try c.encode(orientation, forKey: .orientation)
        try c.encode(audio, forKey: .audio)
        try c.encode(achievedFps, forKey: .achievedFps)
        try c.encode(framesSent, forKey: .framesSent)
        try c.encode(missedTicks, forKey: .missedTicks)
        try c.encode(audioBytesSent, forKey: .audioBytesSent)
        try c.encode(audioBytesDropped, forKey: .audioBytesDropped)
        try c.encode(durationSeconds, forKey: .durationSeconds)
        try c.encode(streamingSeconds, forKey: .streamingSeconds)
        try c.encode(locked, forKey: .locked)
        try c.encode(transitions, forKey: .transitions)
    }

    /// Pretty, sorted JSON (as the other extensions print it).
    public var json: String {
        (try? JSONFile.text(self)) ?? "{}"
    }

    /// The statistics summary after the status lines.
    public var lines: [String] {
        [
            "broadcast \(mode.rawValue), call \(callId.map(String.init) ?? "none"): \(reason)" + (detail.map { " (\($0))" } ?? ""),
            "  source:    \(source) \(size), orientation \(orientation)",
            "  frames:    \(framesSent) sent, \(Self.fixed(achievedFps, 2)) fps (asked \(fps == 0 ? "unpaced" : String(fps))), \(missedTicks) missed ticks",
            "  audio:     " + (audio ? "\(audioBytesSent) bytes sent, \(audioBytesDropped) dropped" : "off"),
            "  duration:  \(Self.fixed(durationSeconds, 3)) s, streaming \(Self.fixed(streamingSeconds, 3)) s",
            "  locked:    \(locked ? "yes" : "no")",
        ]
    }

    static func rounded(_ value: Double, _ digits: Int) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    /// `value` with exactly `digits` decimals (no String(format:) without Foundation).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        let padded = String(repeating: "0", count: digits - fraction.count) + fraction
        return (value < 0 && scaled > 0 ? "-" : "") + String(scaled / scale) + (digits > 0 ? "." + padded : "")
    }
}
