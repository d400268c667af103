import Container
import Cryptography
import Formats
#if canImport(Glibc)
import Glibc
#endif

/// The extension's side of the channel: build a request in `staging/`, commit it into `pending/`
/// with one rename, then wait (within a deadline) for main's acknowledgement. When main is not
/// running the request stays queued and is applied at its next launch.
public final class RequestSubmitter {
    /// A request being built: files go into `directory` before `commit`.
    public struct Draft: Sendable {
        public let id: String
        public let directory: String
    }

    /// How a submission ended, from the extension's point of view.
    public enum Outcome: Sendable, Equatable {
        case applied(RequestAck)
        case rejected(RequestAck)
        /// Not acknowledged (yet): main is not running, or did not answer within the deadline.
        /// The request stays in the queue and is applied exactly once when main runs.
        case queued(appRunning: Bool)
    }

    public let directories: RequestDirectories
    private let codec: RequestCodec
    private let writerLockPath: String
    private let deviceKeyPath: String
    /// The device key was synced by this process (once is enough).
    private var deviceKeyDurable = false

    public init(layout: ContainerLayout, deviceKey: DeviceKey) throws {
        directories = RequestDirectories(layout: layout)
        codec = RequestCodec(deviceKey: deviceKey)
        writerLockPath = layout.writerLockPath
        deviceKeyPath = layout.deviceKeyPath
        try directories.createAll()
    }

    /// Whether `main` holds the writer lock, i.e. is running and will see the request now.
    public var isAppRunning: Bool { FileLock.isLocked(path: writerLockPath) }

    public func begin(now: Int64 = Clock.unixMilliseconds()) throws -> Draft {
        let id = RequestDirectories.newId(nowMilliseconds: now)
        let directory = directories.staging + "/" + id
        // Not synced here: `commit` syncs `staging/` once, after the draft is filled.
        try FileSystem.createDirectory(directory, durable: false)
        return Draft(id: id, directory: directory)
    }

    /// A draft under an id the caller derived from what it answers (a notification's reply), so
    /// that answering the same thing twice is the same request: the second `commit` fails while
    /// the first is pending (its directory is there) and is acknowledged as already applied after.
    /// A draft a crashed attempt left in `staging/` is started afresh.
    public func begin(id: String) throws -> Draft {
        guard RequestDirectories.isRequestId(id) else { throw SystemError("not a request id: \(id)", path: directories.staging, code: EINVAL) }
        let directory = directories.staging + "/" + id
        if FileSystem.isDirectory(directory) { try FileSystem.removeTree(directory) }
        try FileSystem.createDirectory(directory, durable: false)
        return Draft(id: id, directory: directory)
    }

    /// Seals the request into the draft and moves the whole directory into `pending/` at once.
    /// When this returns the request is queued durably: its files, the draft's entries, the
    /// device key it is sealed with and its entry in `pending/` are on the disk, so a power cut
    /// can no longer take what the caller is about to report as queued or sent. When it throws,
    /// the request was taken back and never runs — or main had already claimed it, which
    /// `awaitOutcome` then reports.
    public func commit(_ draft: Draft, accountId: Int64, origin: String, action: RequestAction, randomId: Int64? = nil) throws -> AppRequest {
        let request = AppRequest(id: draft.id, accountId: accountId, origin: origin, createdAt: Clock.unixMilliseconds() / 1000, action: action,
                                 randomId: randomId)
        do {
            try AtomicFile.write(try codec.encode(request, role: "request", id: draft.id),
                                 to: draft.directory + "/" + RequestDirectories.requestFileName)
        } catch let error as NotDurable {
            // Only the draft was written: nothing is queued, and that is what the caller says.
            throw SystemError("cannot sync the request's draft (\(error.reason)):", path: error.path, code: EIO)
        }
        if !deviceKeyDurable {
            try DeviceKey.makeDurable(path: deviceKeyPath)
            deviceKeyDurable = true
        }
        try FileSystem.syncDirectory(directories.staging)
        try FileSystem.rename(draft.directory, directories.pendingRequest(draft.id))
        do {
            // The request's own directory again, under its new name: a file system that files
            // a directory's synced entries by path would otherwise lose `request` with the move.
            try FileSystem.syncDirectory(directories.pendingRequest(draft.id))
            try FileSystem.syncDirectory(directories.pending)
        } catch {
            // Not durably queued: a power cut could drop it after we said it was sent. Take it
            // back; if main claimed it first, it runs and its acknowledgement says so.
            if withdraw(request) { throw error }
        }
        return request
    }

    /// Drops a draft that will not be sent (a refused file, an error while staging).
    public func abandon(_ draft: Draft) {
        try? FileSystem.removeTree(draft.directory)
    }

    /// Takes a request back before main claims it (main claims by renaming it out of `pending/`,
    /// so exactly one of the two renames succeeds). True when it was withdrawn, never to run. Its
    /// leaving `pending/` is synced; should that sync fail too (a second failure in a row), a
    /// power cut at once could bring it back, to be applied once.
    public func withdraw(_ request: AppRequest) -> Bool {
        let parked = directories.staging + "/" + request.id + ".withdrawn"
        guard (try? FileSystem.rename(directories.pendingRequest(request.id), parked)) != nil else { return false }
        try? FileSystem.syncDirectory(directories.pending)
        try? FileSystem.removeTree(parked)
        return true
    }

    /// Waits for main's answer until `timeout` seconds have passed. Returns at once, queued, when
    /// main is not running. The ack is removed once read: it was this process's to collect.
    /// `madeProgress`, asked on every poll, says the work moved on (a long command's published
    /// progress): the timeout then counts again from now.
    public func awaitOutcome(of request: AppRequest, timeout: Double, madeProgress: () -> Bool = { false }) -> Outcome {
        let span = UInt64(max(0, timeout) * 1e9)
        var deadline = Clock.monotonicNanoseconds() + span
        let path = directories.ack(request.id)
        var nextStopCheck = Clock.monotonicNanoseconds()
        while true {
            if madeProgress() { deadline = Clock.monotonicNanoseconds() + span }
            if let ack = readAck(path, id: request.id) {
                try? FileSystem.removeTree(path)
                return ack.status == .applied ? .applied(ack) : .rejected(ack)
            }
            let running = isAppRunning
            // A main that is stopped (SIGSTOP, Ctrl-Z: suspended) answers nothing until it is
            // continued: queued now, not at the deadline. Asked of /proc 4 times a second.
            var suspended = false
            if running, Clock.monotonicNanoseconds() >= nextStopCheck {
                nextStopCheck = Clock.monotonicNanoseconds() + 250_000_000
                suspended = FileLock.holder(path: writerLockPath).stopped
            }
            if !running || suspended || Clock.monotonicNanoseconds() >= deadline {
                // main may have acknowledged and exited between the read above and the lock probe.
                if let ack = readAck(path, id: request.id) {
                    try? FileSystem.removeTree(path)
                    return ack.status == .applied ? .applied(ack) : .rejected(ack)
                }
                return .queued(appRunning: running)
            }
            usleep(5_000)
        }
    }

    private func readAck(_ path: String, id: String) -> RequestAck? {
        guard let bytes = try? FileSystem.readFileIfExists(path, limit: RequestCodec.sizeLimit) else { return nil }
        return try? codec.decode(RequestAck.self, from: bytes, role: "ack", id: id)
    }
}
