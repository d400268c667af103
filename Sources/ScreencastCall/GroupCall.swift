import BroadcastIPC
import Container
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One group call that accepts a screencast: the app's side of Telegram's broadcast IPC
/// (`IpcGroupCallBufferAppContext`, or in embedded mode the app half of the embedded context).
/// It owns small parts — the heartbeat, the frame receiver, the audio receiver (in-process), the
/// join handshake (embedded) and the statistics — each running on its own thread, so neither a
/// busy app nor a fast stream holds up the other.
public final class GroupCall: @unchecked Sendable {
    /// The intervals; tests shorten them.
    public struct Timing: Sendable {
        /// Payload description rewrite and statistics write (Telegram's 1.0 s).
        public var heartbeat: Double
        /// Keepalive and join checks: often, so a dead extension shows within the 2 s promised.
        public var control: Double
        /// The frame receiver's longest wait for a frame (how quickly it stops).
        public var frameWait: Double
        /// How often a missing, truncated or foreign frame file is looked for again.
        public var reopen: Double
        public var audioPoll: Double

        public init(heartbeat: Double = 1.0, control: Double = 0.1, frameWait: Double = 0.1, reopen: Double = 1.0,
                    audioPoll: Double = 0.01) {
            self.heartbeat = heartbeat
            self.control = control
            self.frameWait = frameWait
            self.reopen = reopen
            self.audioPoll = audioPoll
        }
    }

    public let id: UInt32
    public let peerId: Int64
    public let mode: BroadcastCoordinationType
    /// Unix seconds.
    public let startedAt: Int32
    public let directory: CoordinationDirectory
    /// The ring frames arrive in: `0-data-<id>` (created here) or the extension's `0-sink-<id>`.
    public let framePath: String
    /// The audio FIFO (in-process mode only).
    public let audioPath: String?
    /// CLOCK_MONOTONIC nanoseconds after which the host ends the call (`--duration`); nil: until ended.
    let endsAt: UInt64?

    let heartbeat: CallHeartbeat
    let screencast: ScreencastReceiver
    let audio: AudioReceiver?
    let join: EmbeddedJoin?
    let recorder: CallStatisticsRecorder
    private let timing: Timing
    private let logger: Logger?
    private let control = CallWorker()
    private var nextBeat: UInt64 = 0
    private var loggedWriteError: String?
    /// Set once the call has ended; ending again returns it.
    private(set) var finalReport: CallStatisticsReport?
    /// The statistics last written (each second, and at each change): what the interface shows,
    /// read from its thread while the control thread writes.
    private let published = Mutex<CallStatisticsReport?>(nil)


    /// Sets the call up without starting its threads: writes the coordination type, clears what a
    /// previous call left, creates the frame ring and the FIFO (in-process: before the first payload
    /// description, so the extension finds both on first sight), writes the first statistics and
    /// the first payload description. Throws, having removed what it made, if any step fails.
    public init(layout: ContainerLayout, peerId: Int64, mode: BroadcastCoordinationType, duration: Double? = nil,
         timing: Timing = Timing(), logger: Logger? = nil, id: UInt32 = UInt32.random(in: 1 ... .max)) throws {
        self.id = id
        self.peerId = peerId
        self.mode = mode
        self.timing = timing
        self.logger = logger
        startedAt = Clock.unixTime()
        endsAt = duration.map { Clock.monotonicNanoseconds() &+ CallWorker.nanoseconds($0) }
        directory = mode.directory(layout: layout)
        let sinkName = BroadcastFileNames.sink(id: id)
        framePath = mode == .embedded ? directory.file(sinkName) : directory.frameDataPath(id: id)
        audioPath = mode == .embedded ? nil : directory.audioPath(id: id)
        heartbeat = CallHeartbeat(id: id, directory: directory, ringPath: framePath)
        screencast = ScreencastReceiver(
            path: framePath,
            waitingDetail: mode == .embedded ? "waiting for the extension's \(sinkName)" : "waiting for \(FileSystem.lastComponent(framePath))",
            createdByApp: mode == .inProcess, readTimeout: timing.frameWait, reopenInterval: timing.reopen)
        join = mode == .embedded ? EmbeddedJoin(id: id, directory: directory, sinkName: sinkName) : nil

        var audio: AudioReceiver?
        do {
            try directory.create()
            Self.removeLeftovers(in: directory)
            try mode.write(layout: layout)
            if let audioPath {
                try FrameRing.create(path: framePath)
                audio = try AudioReceiver(path: audioPath, pollInterval: timing.audioPoll)
            }
        } catch {
            if mode == .inProcess { unlink(framePath) }
            if let audioPath { unlink(audioPath) }
            throw CallFailure("cannot set up the call in \(directory.path): \(error)")
        }
        self.audio = audio
        recorder = CallStatisticsRecorder(mode: mode, callId: id, peerId: peerId, startedAt: startedAt, directory: directory,
                                          heartbeat: heartbeat, screencast: screencast, audio: audio, join: join)
        // Statistics first, so `main status` shows the call from the moment the extension can see it.
        let first = recorder.report()
        recorder.write(first)
        published.withLock { $0 = first }
        heartbeat.publish()
        nextBeat = Clock.monotonicNanoseconds() &+ CallWorker.nanoseconds(timing.heartbeat)
    }

    /// Starts the parts' threads.
    public func start() {
        screencast.start()
        audio?.start()
        control.start { [self] in
            tick()
            CallWorker.pause(nanoseconds: CallWorker.nanoseconds(timing.control))
        }
    }

    /// One pass of the control thread: the heartbeat when due, the keepalive, the join; the
    /// statistics with the heartbeat, and at once when something the extension did changed.
    func tick(now: UInt64 = Clock.monotonicNanoseconds()) {
        var changed = false
        if now >= nextBeat {
            nextBeat = now &+ CallWorker.nanoseconds(timing.heartbeat)
            heartbeat.publish()
            changed = true
        }
        if heartbeat.checkExtension() {
            changed = true
            logger?.info("broadcast extension", metadata: ["call": "\(id)", "extension": "\(CallHeartbeat.text(heartbeat.liveness))"])
        }
        if let join, join.poll() {
            changed = true
            logger?.info("broadcast join", metadata: ["call": "\(id)", "state": "\(join.status.state.rawValue)",
                                                     "detail": "\(join.status.detail ?? "")"])
        }
        if changed { writeStatistics(recorder.report()) }
    }

    /// `cutoffPayload.json {id, now}`: the extension ends the screencast (within the 10 s Telegram
    /// gives a cutoff); the call itself goes on.
    @discardableResult
    public func stopScreencast(now: Int32 = Clock.unixTime()) throws -> CutoffPayload {
        let cutoff = CutoffPayload(id: id, timestamp: now)
        do {
            try directory.writeCutoff(cutoff)
        } catch {
            throw CallFailure("cannot write \(BroadcastFileNames.cutoffPayload): \(error)")
        }
        return cutoff
    }

    public func isDue(now: UInt64 = Clock.monotonicNanoseconds()) -> Bool { endsAt.map { now >= $0 } ?? false }

    /// Ends the call: stops the threads, writes the final statistics (extension inactive), deletes
    /// the frame ring and the FIFO (the sink, in embedded mode) and stops rewriting the payload
    /// description, which goes stale: the extension sees the call end within Telegram's 4 s.
    /// `call-stats.json` stays. Ending twice returns the first end's report.
    @discardableResult
    public func end(reason: String) -> CallStatisticsReport {
        if let finalReport { return finalReport }
        control.stop()
        screencast.stop()
        audio?.stop()
        let report = recorder.report(endReason: reason)
        writeStatistics(report)
        unlink(framePath)
        if let audioPath { unlink(audioPath) }
        finalReport = report
        return report
    }

    /// The statistics as last written (`call-stats.json`'s content), from any thread.
    public var lastReport: CallStatisticsReport? { published.withLock { $0 } }

    private func writeStatistics(_ report: CallStatisticsReport) {
        published.withLock { $0 = report }
        let error = recorder.write(report)
        if let error, error != loggedWriteError { logger?.warning("call statistics not written", metadata: ["error": "\(error)"]) }
        loggedWriteError = error
    }

    /// What a call that was not ended (its host killed) left: rings, FIFOs, sinks and the join
    /// files of other ids. Only the writer hosts calls, so none of it belongs to a live call.
    static func removeLeftovers(in directory: CoordinationDirectory) {
        for name in FileSystem.listDirectory(directory.path) {
            let stale = BroadcastFileNames.isPerCallFile(name)
                || name == BroadcastFileNames.joinPayload || name == BroadcastFileNames.joinResponsePayload
            if stale { unlink(directory.file(name)) }
        }
    }
}
