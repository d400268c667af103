import BroadcastIPC
import Container
import Synchronization

/// The frame thread's work: at each pacer tick take the source's next frame and publish it to
/// the ring with its capture time (CLOCK_MONOTONIC at publish). The ring writer never waits for
/// the reader, so a slow app costs it frames (which it counts), never our pace.
final class FrameStreamer: @unchecked Sendable {
    // @unchecked: the writer and the source are used only on the frame thread; the counts are
    // read by the control thread after join(), which orders them; `failure` is behind a Mutex.
    private let writer: FrameRingWriter
    private let source: FrameSource
    private let orientation: FrameOrientation
    private let fps: Int
    private let stop: StopFlag
    private let failureState = Mutex<String?>(nil)

    private(set) var framesSent: UInt64 = 0
    private(set) var missedTicks: UInt64 = 0
    /// CLOCK_MONOTONIC of the first and the last publish, for the achieved rate.
    private(set) var firstPublishNanos: UInt64 = 0
    private(set) var lastPublishNanos: UInt64 = 0

    init(writer: FrameRingWriter, source: FrameSource, orientation: FrameOrientation, fps: Int, stop: StopFlag) {
        self.writer = writer
        self.source = source
        self.orientation = orientation
        self.fps = fps
        self.stop = stop
    }

    /// Set when streaming stopped on its own: the ring was truncated, the source failed.
    var failure: String? { failureState.withLock { $0 } }

    func run() {
        var pacer = FramePacer(intervalNanos: FramePacer.intervalNanos(perSecond: fps), start: Clock.monotonicNanoseconds())
        while pacer.wait(unless: stop) {
            let captured: UInt64
            do {
                let planes = try source.nextFrame(number: framesSent + 1)
                captured = Clock.monotonicNanoseconds()
                try writer.publish(orientation: orientation, planes: planes, captureTimeNanos: captured)
            } catch {
                failureState.withLock { $0 = "\(error)" }
                return
            }
            framesSent += 1
            if framesSent == 1 { firstPublishNanos = captured }
            lastPublishNanos = captured
            pacer.advance(now: Clock.monotonicNanoseconds())
            missedTicks = pacer.missedTicks
        }
    }
}
