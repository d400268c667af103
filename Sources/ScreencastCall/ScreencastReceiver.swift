import BroadcastIPC
import Container
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The app's end of the frame ring (`0-data-<id>`, or the embedded extension's sink): a thread
/// waits for each newest frame, verifies it and counts it. Whatever happens to the file —
/// missing, truncated, replaced, not a ring — becomes a state in the statistics, and the file
/// is looked for again once a second; a torn frame is never accepted (the reader's seqlock,
/// then the synthetic checksum).
final class ScreencastReceiver: @unchecked Sendable {
    let path: String
    private let waitingDetail: String
    private let readTimeoutNanos: UInt64
    private let reopenIntervalNanos: UInt64
    private let tally = Mutex(ScreencastTally())
    private let worker = CallWorker()
    /// A file not there yet is looked for every 10 ms (a failed open is one system call): frames
    /// the extension publishes before the reader maps the ring count as dropped.
    static let waitingPollNanos: UInt64 = 10_000_000

    // The receiver thread's own state (or the caller's, when a test drives `step` itself).
    private var reader: FrameRingReader?
    private var readerFile: FileIdentity?
    /// Counters of the readers closed before the current one.
    private var closedCounters = FrameRingCounters()
    /// The file has existed at least once, so its absence now means it was removed, not that
    /// the extension has not created it yet.
    private var fileExisted: Bool
    private var nextOpenAttempt: UInt64 = 0
    private var nextFileCheck: UInt64 = 0

    /// `waitingDetail` says what is expected while the file has never existed. `createdByApp`:
    /// the app made the file itself (in-process mode's ring), so it is missing, not awaited, if
    /// it is gone before the reader first opens it.
    init(path: String, waitingDetail: String, createdByApp: Bool = false, readTimeout: Double = 0.1, reopenInterval: Double = 1.0) {
        self.path = path
        self.waitingDetail = waitingDetail
        fileExisted = createdByApp
        readTimeoutNanos = CallWorker.nanoseconds(readTimeout)
        reopenIntervalNanos = CallWorker.nanoseconds(reopenInterval)
        tally.withLock { $0.sourceDetail = waitingDetail }
    }

    func start() { worker.start { [self] in step() } }

    /// Stops the thread and lets go of the mapping (before the call deletes the file).
    func stop() {
        worker.stop()
        close(.closed, detail: nil)
    }

    func snapshot(now: UInt64 = Clock.monotonicNanoseconds()) -> ScreencastSnapshot {
        tally.withLock { $0.snapshot(now: now) }
    }

    /// One wait for one frame (or one attempt to open the file). Returns within about the read timeout.
    func step() {
        let now = Clock.monotonicNanoseconds()
        guard let reader = reader ?? open(now: now) else {
            CallWorker.pause(nanoseconds: min(readTimeoutNanos, nextOpenAttempt &- now))
            return
        }
        switch reader.next(timeoutNanos: readTimeoutNanos) {
        case .frame(let frame):
            let verification = SyntheticFrame.verify(frame.planes)
            let counters = closedCounters + reader.counters
            tally.withLock { $0.record(frame, verification, counters: counters) }
        case .rejected(let reason):
            let counters = closedCounters + reader.counters
            tally.withLock {
                $0.counters = counters
                $0.lastRejectReason = reason
            }
        case .timeout:
            // Torn copies retried inside the wait are counted even when no frame came of it.
            let counters = closedCounters + reader.counters
            tally.withLock { $0.counters = counters }
        case .fileTruncated:
            close(.truncated, detail: "\(FileSystem.lastComponent(path)) was truncated under the reader; reopening")
            return
        }
        if now >= nextFileCheck {
            nextFileCheck = now &+ reopenIntervalNanos
            checkFile(reader)
        }
    }

    private func open(now: UInt64) -> FrameRingReader? {
        guard now >= nextOpenAttempt else { return nil }
        do {
            let opened = try FrameRingReader(path: path)
            reader = opened
            readerFile = FileIdentity(path: path)
            fileExisted = true
            nextFileCheck = now &+ reopenIntervalNanos
            tally.withLock {
                $0.source = .open
                $0.sourceDetail = nil
            }
            return opened
        } catch {
            let (state, detail) = describe(error)
            nextOpenAttempt = now &+ (state == .waiting ? min(Self.waitingPollNanos, reopenIntervalNanos) : reopenIntervalNanos)
            tally.withLock {
                $0.source = state
                $0.sourceDetail = detail
            }
            return nil
        }
    }

    private func describe(_ error: FrameRingError) -> (FrameSourceState, String) {
        let name = FileSystem.lastComponent(path)
        switch error {
        case .system(let system) where system.code == ENOENT:
            return fileExisted ? (.missing, "\(name) is missing") : (.waiting, waitingDetail)
        case .fileTooSmall, .fileTruncated:
            return (.truncated, error.description)
        default:
            return (.unreadable, error.description)
        }
    }

    /// Once a second: the file the mapping came from is still the one at the path, whole. A
    /// deleted file stays mapped and would otherwise look like a quiet extension forever.
    private func checkFile(_ reader: FrameRingReader) {
        guard let current = FileIdentity(path: path) else {
            return close(.missing, detail: "\(FileSystem.lastComponent(path)) was removed")
        }
        if current.device != readerFile?.device || current.inode != readerFile?.inode {
            nextOpenAttempt = 0
            return close(.waiting, detail: "\(FileSystem.lastComponent(path)) was replaced; reopening")
        }
        if current.size < reader.layout.fileSize {
            close(.truncated, detail: "\(FileSystem.lastComponent(path)) has \(current.size) bytes, its ring needs \(reader.layout.fileSize); reopening")
        }
    }

    private func close(_ state: FrameSourceState, detail: String?) {
        if let reader { closedCounters = closedCounters + reader.counters }
        reader = nil
        readerFile = nil
        let counters = closedCounters
        tally.withLock {
            $0.counters = counters
            $0.source = state
            $0.sourceDetail = detail
        }
    }
}

/// Which file a path names right now (device and inode), and its size.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int

    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int(st.st_size)
    }
}
