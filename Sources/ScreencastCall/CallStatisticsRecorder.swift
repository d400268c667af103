import BroadcastIPC
import Container
#if canImport(Glibc)
import Glibc
#endif

/// Puts the parts' figures together as `call-stats.json` (written every second by the call's
/// control thread, at once when the extension's liveness or the join changes, and a last time
/// when the call ends). Used from one thread at a time.
final class CallStatisticsRecorder {
    let mode: BroadcastCoordinationType
    let callId: UInt32
    let peerId: Int64
    let startedAt: Int32
    let directory: CoordinationDirectory
    private let heartbeat: CallHeartbeat
    private let screencast: ScreencastReceiver
    private let audio: AudioReceiver?
    private let join: EmbeddedJoin?
    /// The last write's failure, logged once rather than every second.
    private(set) var writeError: String?

    init(mode: BroadcastCoordinationType, callId: UInt32, peerId: Int64, startedAt: Int32, directory: CoordinationDirectory,
         heartbeat: CallHeartbeat, screencast: ScreencastReceiver, audio: AudioReceiver?, join: EmbeddedJoin?) {
        self.mode = mode
        self.callId = callId
        self.peerId = peerId
        self.startedAt = startedAt
        self.directory = directory
        self.heartbeat = heartbeat
        self.screencast = screencast
        self.audio = audio
        self.join = join
    }

    /// The statistics now. An ended call reports the extension inactive: there is nothing left to be active for.
    func report(now: Int32 = Clock.unixTime(), endReason: String? = nil) -> CallStatisticsReport {
        let frames = screencast.snapshot()
        let sound = audio?.snapshot ?? AudioReceiver.Snapshot()
        let ended = endReason != nil
        let liveness = ended ? .inactive(reason: "call ended") : heartbeat.liveness
        let statistics = CallStatistics(
            mode: mode, callId: callId, peerId: peerId, startedAt: startedAt, extensionActive: liveness.isActive,
            framesReceived: frames.counters.received, framesDropped: frames.counters.dropped,
            framesRejected: frames.counters.rejected, tornDiscarded: frames.counters.tornDiscarded,
            checksumFailures: frames.checksumFailures, framesVerified: frames.verified,
            fps: Self.rounded(frames.fps), averageFps: Self.rounded(frames.averageFps),
            latencyAverageMs: Self.rounded(frames.latency.averageMs), latencyP50Ms: Self.rounded(frames.latency.p50Ms),
            latencyMaxMs: Self.rounded(frames.latency.maxMs), audioBytes: sound.bytes, audioChunks: sound.chunks,
            lastRejectReason: frames.lastRejectReason, copiedBytes: frames.counters.copiedBytes,
            copyNanos: frames.counters.copyNanos, updatedAt: now)
        return CallStatisticsReport(
            statistics: statistics, ended: ended, endReason: endReason, hostPid: getpid(), directory: directory.path,
            extensionStatus: CallHeartbeat.text(liveness), frameSource: frames.source, frameSourceDetail: frames.sourceDetail,
            frameGeometry: frames.geometry?.description, framesNotSynthetic: frames.notSynthetic,
            latencyP95Ms: Self.rounded(frames.latency.p95Ms),
            audioStatus: audio == nil ? "none (embedded mode)" : ended ? "closed" : "open",
            audioRejections: sound.rejections, lastAudioRejectReason: sound.lastRejectReason,
            join: join?.status, heartbeatError: heartbeat.writeError)
    }

    /// Writes the report; a failure is kept (and returned) for the caller to log, never fatal.
    @discardableResult
    func write(_ report: CallStatisticsReport) -> String? {
        do {
            try directory.write(report, BroadcastFileNames.callStatistics)
            writeError = nil
        } catch {
            writeError = "cannot write \(BroadcastFileNames.callStatistics): \(error)"
        }
        return writeError
    }

    /// Three decimals: enough for milliseconds and frame rates, and a file people can read.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
