import Container
import Cryptography
import Formats
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// main's side of the request channel: drains `requests/pending/` in order. Each request is
/// opened with the device key, checked, claimed (renamed into `applying/`), applied by the
/// handler in one durable transaction with its id recorded, then acknowledged and removed. A
/// crash at any point is recovered by the next drain: a request whose id is recorded is
/// acknowledged, never applied again. What a request changes is
/// the handler's; the order of renames, acks and removals that makes it safe is this type's.
public final class RequestProcessor {
    public struct Summary: Codable, Sendable, Equatable {
        public var applied = 0
        public var rejected = 0
        /// Found already applied (a crash after applying, or a replayed file): acknowledged only.
        public var alreadyApplied = 0
        /// Left pending after a failure that may pass (busy store, full disk).
        public var deferred = 0

        public init() {}
    }

    /// Acks nobody collected and refused requests are kept this long for people to inspect.
    public static let retentionSeconds = 24 * 3600

    public let directories: RequestDirectories
    private let codec: RequestCodec
    private let handler: any RequestHandler
    private let logger: Logger
    /// Handed-over commands running on threads of their own (an import), by request id: answered
    /// by the first drain after they end.
    private var background: [String: BackgroundCommand] = [:]

    public init(layout: ContainerLayout, deviceKey: DeviceKey, handler: any RequestHandler, logger: Logger) throws {
        directories = RequestDirectories(layout: layout)
        codec = RequestCodec(deviceKey: deviceKey)
        self.handler = handler
        self.logger = logger
        try directories.createAll()
    }

    /// True when something waits in `pending/`, or in `applying/` (claimed, not finished).
    public var hasPending: Bool {
        [directories.pending, directories.applying].contains { FileSystem.listDirectory($0).contains(where: RequestDirectories.isRequestId) }
    }

    /// True when a background command has ended and waits to be answered (by `drain`).
    public var hasFinishedBackgroundCommand: Bool { background.values.contains { $0.isFinished } }

    /// How far the background commands are, oldest first (the interface shows it).
    public var backgroundProgress: [BackgroundProgress] {
        background.sorted { $0.key < $1.key }.compactMap { $0.value.progress }
    }

    @discardableResult
    public func drain() -> Summary {
        var summary = Summary()
        emptyRemoving()
        answerFinishedBackgroundCommands(&summary)
        answerInterruptedCommands(&summary)
        // Claimed requests a main that died (or deferred) left come before the new ones.
        for queue in [directories.applying, directories.pending] {
            for name in FileSystem.listDirectory(queue).sorted() {
                guard RequestDirectories.isRequestId(name), FileSystem.isDirectory(queue + "/" + name, followLinks: false) else {
                    moveAside(name, from: queue, reason: "not a request (unexpected entry in \(FileSystem.lastComponent(queue))/)")
                    summary.rejected += 1
                    continue
                }
                process(name, from: queue, &summary)
            }
        }
        return summary
    }

    /// What a failed read or check of a pending request means.
    private enum Verdict: Error {
        /// The request itself is wrong: refuse it, for good.
        case refuse(String)
        /// Something that may pass (a busy store, too many open files): try again next drain.
        case retry(String)
    }

    private func process(_ id: String, from source: String, _ summary: inout Summary) {
        var parent = source
        var directory = parent + "/" + id
        let request: AppRequest
        switch open(id, directory) {
        case .failure(.refuse(let reason)):
            // A request that cannot be read may still be one this store applied (a copy put back,
            // or leftovers of an older main's clean-up): never answer "rejected" for those.
            if let earlier = handler.appliedResult(ofUnreadable: id) {
                return finishAlreadyApplied(id, result: earlier, from: parent, &summary)
            }
            reject(id, from: parent, reason: reason)
            summary.rejected += 1
            return
        case .failure(.retry(let reason)):
            logger.warning("request deferred", metadata: ["id": "\(id)", "error": "\(reason)"])
            summary.deferred += 1
            return
        case .success(let opened):
            request = opened
        }
        if case .appOperation = request.action {
            guard parent == directories.pending else {
                return moveAside(id, from: parent, reason: "one of main's operations outside pending/: not run")
            }
            return runCommand(request, &summary)
        }
        if parent == directories.pending {
            // Claimed first, by one rename, as an operation is: from here on the extension can no
            // longer withdraw it (its own rename out of pending/ fails), so it never says "failed"
            // of a request main applies. Lost that race: withdrawn, never to run.
            guard (try? FileSystem.rename(directory, directories.applyingRequest(id))) != nil else { return }
            parent = directories.applying
            directory = directories.applyingRequest(id)
        }
        do {
            if let earlier = try handler.appliedResult(of: request) {
                // Applied before: main stopped before acknowledging, or the file was put back.
                return finishAlreadyApplied(id, result: earlier, from: parent, &summary)
            }
            let result = try handler.apply(request, stagedIn: directory)
            // Acknowledged before it is removed: a crash in between finds it applied next time
            // and acknowledges it again, as applied.
            try writeAck(RequestAck(id: id, status: .applied, result: result))
            remove(id, from: parent)
            summary.applied += 1
            logger.info("request applied", metadata: ["id": "\(id)", "action": "\(request.action.name)", "origin": "\(request.origin)"])
        } catch let refusal as RequestRefusal {
            reject(id, from: parent, reason: refusal.description)
            summary.rejected += 1
        } catch {
            logger.warning("request deferred", metadata: ["id": "\(id)", "error": "\(error)"])
            summary.deferred += 1
        }
    }

    /// Reads, unseals and checks a pending request.
    private func open(_ id: String, _ directory: String) -> Result<AppRequest, Verdict> {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(directory + "/" + RequestDirectories.requestFileName, limit: RequestCodec.sizeLimit)
        } catch let error as SystemError where [EMFILE, ENFILE, ENOMEM, EIO, EINTR].contains(error.code) {
            return .failure(.retry("\(error)"))
        } catch {
            return .failure(.refuse("\(error)"))
        }
        let request: AppRequest
        do {
            request = try codec.decode(AppRequest.self, from: bytes, role: "request", id: id)
        } catch {
            if let legacy = try? codec.decode(LegacyCommandRequest.self, from: bytes, role: "request", id: id) {
                let command = (["main"] + legacy.action.mainCommand.arguments.prefix(1)).joined(separator: " ")
                return .failure(.refuse("an older main's hand-over of `\(command)` as a command line, which this main no longer runs: run the command again"))
            }
            return .failure(.refuse("\(error)"))
        }
        guard request.id == id, request.version == AppRequest.formatVersion else {
            return .failure(.refuse("its id or version does not match its name"))
        }
        return .success(request)
    }

    private func finishAlreadyApplied(_ id: String, result: [String: String], from parent: String, _ summary: inout Summary) {
        do {
            try writeAck(RequestAck(id: id, status: .applied, detail: "already applied", result: result))
        } catch {
            logger.warning("request deferred", metadata: ["id": "\(id)", "error": "cannot acknowledge: \(error)"])
            summary.deferred += 1
            return
        }
        remove(id, from: parent)
        summary.alreadyApplied += 1
        logger.info("request already applied: acknowledged again", metadata: ["id": "\(id)"])
    }

    /// A handed-over command is claimed by renaming it out of `pending/` (so the process that
    /// handed it over can no longer withdraw it), run once, its answer recorded in the claimed
    /// directory, acknowledged, and removed. A crash after the answer was recorded re-sends that
    /// answer; a crash before it is an interruption (at most once).
    private func runCommand(_ request: AppRequest, _ summary: inout Summary) {
        let id = request.id
        guard handler.takesCommands else {
            reject(id, from: directories.pending, reason: "main's commands are run only by a running `main run`, which stopped before taking it")
            summary.rejected += 1
            return
        }
        let claimed = directories.claimedRequest(id)
        guard (try? FileSystem.rename(directories.pendingRequest(id), claimed)) != nil else { return }
        let label = request.action.logName
        do {
            try FileSystem.syncDirectory(directories.claimed)
            try FileSystem.syncDirectory(directories.pending)
        } catch {
            // Not durably claimed: after a power cut it could be back in pending/ and run a second
            // time. It does not run now; the person is told to run it again.
            let reason = "main could not record that it took the command (\(error)); it did not run: run it again"
            try? writeAck(RequestAck(id: id, status: .rejected, detail: reason))
            moveAside(id, from: directories.claimed, reason: reason)
            summary.rejected += 1
            return
        }
        switch handler.run(command: request) {
        case .finished(let result):
            answer(id, command: label, result, &summary)
        case .background(let command):
            // One at a time: two imports into one store would each work from the peers it read
            // at its start. The second is refused, to be run again.
            if let running = background.values.first {
                return answer(id, command: label, handler.answer(unfinished: .busy(running.label, running.progress)), &summary)
            }
            let progressPath = directories.claimedProgress(id)
            let logger = logger
            command.onProgress = { progress in
                do { try JSONFile.write(progress, to: progressPath) } catch {
                    logger.warning("cannot write a command's progress", metadata: ["path": "\(progressPath)", "error": "\(error)"])
                }
            }
            guard command.start() else {
                return answer(id, command: label, command.runHere(), &summary)
            }
            background[id] = command
            logger.info("handed-over command started in the background", metadata: ["id": "\(id)", "command": "\(command.label)"])
        }
    }

    /// Background commands that ended are answered as any handed-over command is.
    private func answerFinishedBackgroundCommands(_ summary: inout Summary) {
        for (id, command) in background.sorted(by: { $0.key < $1.key }) {
            guard let result = command.result else { continue }
            background[id] = nil
            answer(id, command: command.label, result, &summary)
        }
    }

    /// The app is stopping: each background command is asked to stop at its next step, waited
    /// for, and answered with what it says (an import: the batches written are kept).
    public func stopBackgroundCommands() {
        guard !background.isEmpty else { return }
        var summary = Summary()
        for (id, command) in background.sorted(by: { $0.key < $1.key }) {
            logger.info("stopping a background command", metadata: ["id": "\(id)", "command": "\(command.label)"])
            let result = command.cancelAndWait() ?? handler.answer(unfinished: .stopped(command.label))
            background[id] = nil
            answer(id, command: command.label, result, &summary)
        }
    }

    /// A finished handed-over command's answer: recorded in its claimed directory, acknowledged,
    /// the directory removed.
    private func answer(_ id: String, command: String, _ result: [String: String], _ summary: inout Summary) {
        let claimed = directories.claimedRequest(id)
        let ack = RequestAck(id: id, status: .applied, result: result)
        do {
            try AtomicFile.write(try codec.encode(ack, role: "ack", id: id), to: claimed + "/" + Self.answerFileName)
            try writeAck(ack)
            remove(id, from: directories.claimed)
        } catch {
            // Left claimed: the next drain sends the recorded answer again (or, if even that was
            // not written, answers "interrupted"); the command is never run twice.
            logger.error("cannot acknowledge a handed-over command", metadata: ["id": "\(id)", "error": "\(error)"])
        }
        summary.applied += 1
        logger.info("handed-over command run", metadata: ["id": "\(id)", "command": "\(command)"])
    }

    /// The sealed acknowledgement of a finished command, kept in its claimed directory until the
    /// directory goes.
    public static let answerFileName = "answer"

    /// Commands claimed by a main that then died: one whose answer was recorded finished, and is
    /// acknowledged again; the others were perhaps half done and are answered as interrupted,
    /// never run again (at most once).
    private func answerInterruptedCommands(_ summary: inout Summary) {
        for id in FileSystem.listDirectory(directories.claimed) where background[id] == nil {
            let directory = directories.claimedRequest(id)
            guard RequestDirectories.isRequestId(id), FileSystem.isDirectory(directory, followLinks: false) else {
                moveAside(id, from: directories.claimed, reason: "not a request (unexpected entry in claimed/)")
                continue
            }
            if let bytes = try? FileSystem.readFile(directory + "/" + Self.answerFileName, limit: RequestCodec.sizeLimit),
               let answer = try? codec.decode(RequestAck.self, from: bytes, role: "ack", id: id) {
                if (try? writeAck(answer)) != nil { remove(id, from: directories.claimed) }
                continue
            }
            let reason = "interrupted: main stopped while running this command; it was not repeated"
            try? writeAck(RequestAck(id: id, status: .rejected, detail: reason))
            moveAside(id, from: directories.claimed, reason: reason)
            summary.rejected += 1
        }
    }

    private func writeAck(_ ack: RequestAck) throws {
        try AtomicFile.write(try codec.encode(ack, role: "ack", id: ack.id), to: directories.ack(ack.id))
    }

    /// Refused: the extension hears why (if the id can be answered), and the files are kept aside.
    private func reject(_ id: String, from parent: String, reason: String) {
        logger.warning("request rejected", metadata: ["id": "\(id)", "reason": "\(reason)"])
        if RequestDirectories.isRequestId(id) {
            try? writeAck(RequestAck(id: id, status: .rejected, detail: reason))
        }
        moveAside(id, from: parent, reason: reason)
    }

    /// Moves a refused entry to `rejected/` with its reason. The reason is written first, into the
    /// entry itself (or, for a stray file, into a directory built for it in `removing/`), and the
    /// entry reaches `rejected/` by one rename: it is never there without its reason.
    private func moveAside(_ name: String, from parent: String, reason: String) {
        let source = parent + "/" + name
        let target = directories.rejected + "/" + FileSystem.safeFileName(name)
        do {
            let entry: String
            if FileSystem.isDirectory(source, followLinks: false) {
                entry = source
            } else {
                entry = directories.removing + "/" + FileSystem.safeFileName(name) + ".rejected-" + String(UInt64.random(in: 0 ... .max), radix: 16)
                try FileSystem.createDirectory(entry, durable: false)
                try FileSystem.rename(source, entry + "/entry")
            }
            try AtomicFile.write(reason + "\n", to: entry + "/reason")
            try FileSystem.removeTree(target)
            try FileSystem.rename(entry, target)
            try FileSystem.syncDirectory(target)
            try FileSystem.syncDirectory(directories.rejected)
        } catch {
            // Cannot even move it: remove it, so one bad entry never blocks the queue.
            logger.error("cannot move a refused request aside; removing it", metadata: ["name": "\(name)", "error": "\(error)"])
            remove(name, from: parent)
        }
    }

    /// Takes a finished entry out of `parent` in one rename, then deletes it from `removing/`.
    private func remove(_ name: String, from parent: String) {
        let parked = directories.removing + "/" + FileSystem.safeFileName(name) + "." + String(UInt64.random(in: 0 ... .max), radix: 16)
        do {
            try FileSystem.rename(parent + "/" + name, parked)
            // Out of `parent` on the disk before its files go: a power cut must not bring back an
            // emptied request, which the next drain would refuse.
            try FileSystem.syncDirectory(parent)
            try FileSystem.removeTree(parked)
        } catch {
            logger.error("cannot remove a finished request", metadata: ["name": "\(name)", "error": "\(error)"])
        }
    }

    /// Half-deleted leftovers of a crash during clean-up.
    private func emptyRemoving() {
        for name in FileSystem.listDirectory(directories.removing) { try? FileSystem.removeTree(directories.removing + "/" + name) }
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
