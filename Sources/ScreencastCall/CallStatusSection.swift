import Container
import Formats

/// The call as `main status` and `main call stats` show it: the statistics file's keys, plus
/// `live` (not ended, and rewritten within the last 3 s).
public struct CallStatusSection: Codable {
    let report: CallStatisticsReport
    let live: Bool

    public init(_ report: CallStatisticsReport, now: Int32 = Clock.unixTime()) {
        self.report = report
        live = report.isLive(now: now)
    }

    private enum CodingKeys: String, CodingKey { case live }

    public init(from decoder: Decoder) throws {
        report = try CallStatisticsReport(from: decoder)
        live = try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .live)
    }

    public func encode(to encoder: Encoder) throws {
        try report.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(live, forKey: .live)
    }

    /// One line: `call <id> peer <peer> (<mode>): live|ended (<reason>)|not live, extension …, frames …`.
    public var line: String {
        let s = report.statistics
        let state = report.ended ? "ended (\(report.endReason ?? "?"))" : live ? "live" : "not live (host gone?)"
        return "call \(s.callId) peer \(s.peerId) (\(s.mode.rawValue)): \(state), extension \(report.extensionStatus), "
            + "\(s.framesReceived) frames received at \(format(s.fps)) fps, \(s.framesDropped) dropped, \(s.framesRejected) rejected"
    }
}

extension CallStatisticsReport {
    /// The statistics as lines of text (`main call end`, and `main call start` when its call ends).
    public var summaryLines: [String] {
        let s = statistics
        var lines = [
            "call \(s.callId) peer \(s.peerId) (\(s.mode.rawValue))\(ended ? " ended: \(endReason ?? "?")" : "")",
            "extension: \(extensionStatus)",
            "frame file: \(frameSource.rawValue)\(frameSourceDetail.map { " (\($0))" } ?? "")",
            "frames: \(s.framesReceived) received, \(s.framesVerified) verified, \(s.framesDropped) dropped, "
                + "\(s.framesRejected) rejected, \(s.tornDiscarded) torn discarded, \(s.checksumFailures) checksum failures",
            "fps: \(format(s.fps)) last second, \(format(s.averageFps)) average",
            "latency: \(format(s.latencyAverageMs)) ms average, \(format(s.latencyP50Ms)) p50, \(format(latencyP95Ms)) p95, \(format(s.latencyMaxMs)) max",
            "audio: \(s.audioBytes) bytes in \(s.audioChunks) chunks (\(audioStatus))",
        ]
        if let reason = s.lastRejectReason { lines.append("last rejected frame: \(reason)") }
        if let join { lines.append("join: \(join.state.rawValue)\(join.detail.map { " (\($0))" } ?? "")") }
        if let heartbeatError { lines.append("heartbeat: \(heartbeatError)") }
        return lines
    }
}

/// Two decimals, for people.
private func format(_ value: Double) -> String { DecimalText.hundredths(value) }
