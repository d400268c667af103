import BroadcastIPC
import Container
import Synchronization

/// The app's end of the audio FIFO (`0-audio-<id>`, in-process mode): polled every 10 ms, which
/// keeps well ahead of the pipe's 64 KiB at any audio rate; whole chunks are counted.
final class AudioReceiver: @unchecked Sendable {
    struct Snapshot: Sendable, Equatable {
        var chunks: UInt64 = 0
        var bytes: UInt64 = 0
        /// Times a bad length prefix made the reader discard the stream.
        var rejections: UInt64 = 0
        var lastRejectReason: String?
    }

    let path: String
    /// Closed by `stop()`, so a writer sees the pipe go (EPIPE) when the call ends.
    private var reader: AudioFifoReader?
    private let pollNanos: UInt64
    private let tally = Mutex(Snapshot())
    private let worker = CallWorker()

    /// Creates the FIFO if needed and opens it for reading, so a writer's open succeeds at once.
    init(path: String, pollInterval: Double = 0.01) throws {
        self.path = path
        reader = try AudioFifoReader(path: path)
        pollNanos = CallWorker.nanoseconds(pollInterval)
    }

    func start() { worker.start { [self] in step() } }

    func stop() {
        worker.stop()
        reader = nil
    }

    var snapshot: Snapshot { tally.withLock { $0 } }

    /// Reads whatever has arrived, then waits one poll interval.
    func step() {
        drain()
        CallWorker.pause(nanoseconds: pollNanos)
    }

    func drain() {
        guard let reader else { return }
        let result = reader.readAvailable()
        guard result.chunks > 0 || result.rejected != nil else { return }
        let update = Snapshot(chunks: reader.totalChunks, bytes: reader.totalBytes, rejections: reader.rejections,
                              lastRejectReason: result.rejected)
        tally.withLock {
            let reason = update.lastRejectReason ?? $0.lastRejectReason
            $0 = update
            $0.lastRejectReason = reason
        }
    }
}
