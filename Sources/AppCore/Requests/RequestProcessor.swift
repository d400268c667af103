import Container
import Formats
import Logging
import Requests
import Storage

/// main's side of the request channel: drains `requests/pending/` in order. Each request is
/// opened with the device key, checked, applied in one transaction with its id recorded, then
/// acknowledged and removed. A crash at any point is recovered by the next drain: a request
/// whose id is recorded is acknowledged, never applied again.
public final class RequestProcessor {
    public struct Summary: Codable, Sendable, Equatable {
        public var applied = 0
        public var rejected = 0
        /// Found already applied (a crash after applying, or a replayed file): acknowledged only.
        public var alreadyApplied = 0
        /// Left pending after a failure that may pass (busy store, full disk).
        public var deferred = 0
    }

    /// Acks nobody collected and refused requests are kept this long for people to inspect.
    static let retentionSeconds = 24 * 3600

    let shared: SharedAccountContext
    let current: AccountContext?
    let directories: RequestDirectories
    private let codec: RequestCodec
    private var accounts: [Int64: AccountContext] = [:]
    /// Runs one of main's commands in the running app (set by `main run`); nil elsewhere.
    public var commandRunner: ((_ arguments: [String], _ input: [String], _ workingDirectory: String) -> HandedOverResult)?

    public init(shared: SharedAccountContext, current: AccountContext?) throws {
        self.shared = shared
        self.current = current
        directories = RequestDirectories(layout: shared.layout)
        codec = RequestCodec(deviceKey: shared.deviceKey)
        try directories.createAll()
    }

    var logger: Logger { shared.logger }

    /// True when something waits in `pending/`.
    public var hasPending: Bool {
        FileSystem.listDirectory(directories.pending).contains(where: RequestDirectories.isRequestId)
    }

    @discardableResult
    public func drain() -> Summary {
        var summary = Summary()
        answerInterruptedCommands(&summary)
        let ids = FileSystem.listDirectory(directories.pending).sorted()
        for name in ids {
            guard RequestDirectories.isRequestId(name) else {
                moveAside(name, reason: "not a request (unexpected name in pending/)")
                summary.rejected += 1
                continue
            }
            process(name, &summary)
        }
        return summary
    }

    private func process(_ id: String, _ summary: inout Summary) {
        let directory = directories.pendingRequest(id)
        let request: AppRequest
        let account: AccountContext
        do {
            let bytes = try FileSystem.readFile(directory + "/" + RequestDirectories.requestFileName, limit: RequestCodec.sizeLimit)
            request = try codec.decode(AppRequest.self, from: bytes, role: "request", id: id)
            guard request.id == id, request.version == AppRequest.formatVersion else {
                throw RequestRefusal(description: "its id or version does not match its name")
            }
            if case .mainCommand(let arguments, let input, let directory) = request.action {
                return runCommand(id, arguments: arguments, input: input, workingDirectory: directory, &summary)
            }
            guard let accountId = Int64(request.accountId), shared.accountManager.state.activeRecords.contains(where: { $0.id == accountId }) else {
                throw RequestRefusal(description: "it names no logged-in account")
            }
            account = try context(accountId)
        } catch {
            reject(id, reason: "\(error)")
            summary.rejected += 1
            return
        }
        do {
            if let earlier = try account.postbox.read({ try $0.appliedRequestResult(id) }) {
                // Applied before: main stopped before acknowledging, or the file was put back.
                try writeAck(RequestAck(id: id, status: .applied, detail: "already applied", result: try RequestApplier.decodeResult(earlier)))
                moveAside(id, reason: "already applied (recovered after a crash, or replayed)")
                summary.alreadyApplied += 1
                return
            }
            let result = try RequestApplier(account: account, directory: directory).apply(request)
            try writeAck(RequestAck(id: id, status: .applied, result: result))
            try FileSystem.removeTree(directory)
            summary.applied += 1
            logger.info("request applied", metadata: ["id": "\(id)", "action": "\(request.action.name)", "origin": "\(request.origin)"])
        } catch let refusal as RequestRefusal {
            reject(id, reason: refusal.description)
            summary.rejected += 1
        } catch {
            logger.warning("request deferred", metadata: ["id": "\(id)", "error": "\(error)"])
            summary.deferred += 1
        }
    }

    /// A handed-over command is claimed by renaming it out of `pending/` (so the process that
    /// handed it over can no longer withdraw it), run once, and answered with its output.
    private func runCommand(_ id: String, arguments: [String], input: [String], workingDirectory: String, _ summary: inout Summary) {
        guard let commandRunner else {
            reject(id, reason: "main's commands are run only by a running `main run`, which stopped before taking it")
            summary.rejected += 1
            return
        }
        let claimed = directories.claimed + "/" + id
        guard (try? FileSystem.rename(directories.pendingRequest(id), claimed)) != nil else { return }
        FileSystem.syncDirectory(directories.claimed)
        let result = commandRunner(arguments, input, workingDirectory)
        do {
            try writeAck(RequestAck(id: id, status: .applied, result: [
                "stdout": result.output, "stderr": result.errors, "exitStatus": String(result.exitStatus)]))
        } catch {
            logger.error("cannot acknowledge a handed-over command", metadata: ["id": "\(id)", "error": "\(error)"])
        }
        try? FileSystem.removeTree(claimed)
        summary.applied += 1
        logger.info("handed-over command run", metadata: ["id": "\(id)", "command": "\(arguments.first ?? "")", "exitStatus": "\(result.exitStatus)"])
    }

    /// Commands claimed by a main that then died were perhaps half done: they are answered as
    /// interrupted and never run again (at most once).
    private func answerInterruptedCommands(_ summary: inout Summary) {
        for id in FileSystem.listDirectory(directories.claimed) where RequestDirectories.isRequestId(id) {
            try? writeAck(RequestAck(id: id, status: .rejected,
                                     detail: "interrupted: main stopped while running this command; it was not repeated"))
            let target = directories.rejected + "/" + id
            try? FileSystem.removeTree(target)
            if (try? FileSystem.rename(directories.claimed + "/" + id, target)) == nil { try? FileSystem.removeTree(directories.claimed + "/" + id) }
            summary.rejected += 1
        }
    }

    private func context(_ accountId: Int64) throws -> AccountContext {
        if let open = accounts[accountId] { return open }
        let opened = try shared.accountContext(accountId, current: current)
        accounts[accountId] = opened
        return opened
    }

    private func writeAck(_ ack: RequestAck) throws {
        try AtomicFile.write(try codec.encode(ack, role: "ack", id: ack.id), to: directories.ack(ack.id))
    }

    /// Refused: the extension hears why (if the id can be answered), and the files are kept aside.
    private func reject(_ id: String, reason: String) {
        logger.warning("request rejected", metadata: ["id": "\(id)", "reason": "\(reason)"])
        if RequestDirectories.isRequestId(id) {
            try? writeAck(RequestAck(id: id, status: .rejected, detail: reason))
        }
        moveAside(id, reason: reason)
    }

    private func moveAside(_ name: String, reason: String) {
        let target = directories.rejected + "/" + FileSystem.safeFileName(name)
        try? FileSystem.removeTree(target)
        do {
            try FileSystem.rename(directories.pending + "/" + name, target)
            if FileSystem.isDirectory(target) { try? AtomicFile.write(reason + "\n", to: target + "/reason") }
        } catch {
            // Cannot even move it: remove it, so one bad entry never blocks the queue.
            try? FileSystem.removeTree(directories.pending + "/" + name)
        }
    }

    /// Old acks and refused requests go (at launch).
    public func prune(now: Int = Int(Clock.unixTime())) {
        for directory in [directories.acks, directories.rejected, directories.staging] {
            for name in FileSystem.listDirectory(directory) {
                let path = directory + "/" + name
                if let age = FileSystem.secondsSinceModification(path), age > RequestProcessor.retentionSeconds { try? FileSystem.removeTree(path) }
            }
        }
    }
}
