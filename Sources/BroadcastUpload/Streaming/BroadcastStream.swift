#if canImport(Glibc)
import Glibc
#endif
import BroadcastIPC
import Container

/// One call's streaming: the ring writer with the frame thread, and the audio thread. Opened
/// when the status machine says so, stopped (threads joined) when it finishes.
final class BroadcastStream {
    /// What the stream did, once stopped.
    struct Totals: Equatable, Sendable {
        var framesSent: UInt64 = 0
        var missedTicks: UInt64 = 0
        var audioBytesSent: UInt64 = 0
        var audioBytesDropped: UInt64 = 0
        var streamingNanos: UInt64 = 0
        /// From the first frame's publish to the last's.
        var publishingNanos: UInt64 = 0

        /// Frames per second between the first and the last frame (N frames span N − 1 intervals).
        var achievedFps: Double {
            framesSent >= 2 && publishingNanos > 0 ? Double(framesSent - 1) * 1e9 / Double(publishingNanos) : 0
        }
    }

    private let frames: FrameStreamer
    private let audio: AudioStreamer?
    private let stopFlag = StopFlag()
    private var threads: [JoinableThread] = []
    /// Embedded mode's sink: we created it, so we remove it.
    private let ownedSinkPath: String?
    private var startedAt: UInt64 = 0
    private var totals: Totals?

    private init(writer: FrameRingWriter, source: FrameSource, settings: BroadcastSettings,
                 audioOutput: AudioOutput?, ownedSinkPath: String?) {
        frames = FrameStreamer(writer: writer, source: source, orientation: settings.orientation, fps: settings.fps, stop: stopFlag)
        let stop = stopFlag
        audio = audioOutput.map { AudioStreamer(output: $0, stop: stop) }
        self.ownedSinkPath = ownedSinkPath
    }

    /// In-process mode: the app's ring `0-data-<id>` and FIFO `0-audio-<id>`.
    static func inProcess(directory: CoordinationDirectory, id: UInt32, source: FrameSource,
                          settings: BroadcastSettings) throws(BroadcastStreamError) -> BroadcastStream {
        let name = BroadcastFileNames.frameData(id: id)
        let writer: FrameRingWriter
        do {
            writer = try FrameRingWriter(path: directory.frameDataPath(id: id))
        } catch {
            throw BroadcastStreamError("cannot open the app's frame file \(name): \(error)")
        }
        try checkCapacity(writer, geometry: source.geometry, name: name)
        let audio = settings.audio ? FifoAudioOutput(path: directory.audioPath(id: id)) : nil
        return BroadcastStream(writer: writer, source: source, settings: settings, audioOutput: audio, ownedSinkPath: nil)
    }

    /// Embedded mode: our own ring `sink`, sized for our frames, in the coordination directory.
    static func embedded(directory: CoordinationDirectory, sink: String, source: FrameSource,
                         settings: BroadcastSettings) throws(BroadcastStreamError) -> BroadcastStream {
        let path = directory.file(sink)
        let capacity = max(source.geometry.payloadBytes, FrameRingLayout.slotCapacityRange.lowerBound)
        let writer: FrameRingWriter
        do {
            try FrameRing.create(path: path, slotCapacity: capacity)
            writer = try FrameRingWriter(path: path)
        } catch {
            unlink(path)
            throw BroadcastStreamError("cannot create the sink \(sink): \(error)")
        }
        let audio = settings.audio ? EmbeddedAudioOutput() : nil
        return BroadcastStream(writer: writer, source: source, settings: settings, audioOutput: audio, ownedSinkPath: path)
    }

    /// A slot too small for our frames would refuse every one: say so now, not per frame.
    private static func checkCapacity(_ writer: FrameRingWriter, geometry: NV12Geometry, name: String) throws(BroadcastStreamError) {
        guard geometry.payloadBytes <= writer.layout.slotCapacity else {
            throw BroadcastStreamError("\(name) holds frames of at most \(writer.layout.slotCapacity) bytes; "
                + "\(geometry.width)x\(geometry.height) needs \(geometry.payloadBytes)")
        }
    }

    /// Starts the frame thread and the audio thread.
    func start() throws(BroadcastStreamError) {
        startedAt = Clock.monotonicNanoseconds()
        let frames = self.frames
        guard let frameThread = JoinableThread.start({ frames.run() }) else {
            throw BroadcastStreamError("cannot start the frame thread")
        }
        threads.append(frameThread)
        if let audio {
            guard let audioThread = JoinableThread.start({ audio.run() }) else {
                throw BroadcastStreamError("cannot start the audio thread")
            }
            threads.append(audioThread)
        }
    }

    /// Why streaming stopped by itself, if it did.
    var failure: String? { frames.failure }

    /// Stops and joins the threads, removes an owned sink, and returns what was sent. Idempotent.
    @discardableResult
    func stop() -> Totals {
        if let totals { return totals }
        stopFlag.set()
        for thread in threads { thread.join() }
        if let ownedSinkPath { unlink(ownedSinkPath) }
        let result = Totals(framesSent: frames.framesSent, missedTicks: frames.missedTicks,
                            audioBytesSent: audio?.bytesSent ?? 0, audioBytesDropped: audio?.bytesDropped ?? 0,
                            streamingNanos: startedAt == 0 ? 0 : Clock.monotonicNanoseconds() - startedAt,
                            publishingNanos: frames.lastPublishNanos - frames.firstPublishNanos)
        totals = result
        return result
    }

    deinit { stop() }
}

/// Why a stream could not be opened or started; the description is the whole message.
struct BroadcastStreamError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
