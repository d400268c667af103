import BroadcastIPC

/// The extension's status: Telegram's `IpcGroupCallBufferBroadcastContext` (and, in embedded
/// mode, the join exchange of `IpcGroupCallEmbeddedBroadcastContext`) as a value the runner
/// ticks as often as it likes. Coordination files go through the coordinator; opening the
/// stream is the runner's, which answers with `activate` or `fail`.
///
/// Telegram's timers, kept: the first check one second after start (a missing description
/// there is an error), then one every second: the description must be at most 4 s old and keep
/// its id (else callEnded), a cutoff for our id written in the last 10 s means screencastEnded,
/// and while active the keepalive is rewritten.
public struct BroadcastStatusMachine<Coordinator: BroadcastCoordinator> {
    public enum Phase: Equatable, Sendable {
        /// Before the first check finds a description.
        case waiting
        /// Embedded: join payload written, waiting for the app's response (since `sinceMs`).
        case joining(id: UInt32, sinceMs: Int64)
        /// Told the runner to open the stream.
        case opening(id: UInt32, sink: String?)
        case active(id: UInt32)
        case finished(BroadcastEndReason)
    }

    public enum Step: Equatable, Sendable {
        case none
        /// Open the frame ring (in-process: `0-data-<id>` and the FIFO; embedded: create `sink`),
        /// then call `activate`, or `fail` with the reason.
        case openStream(id: UInt32, sink: String?)
        case finished(BroadcastEndReason)
    }

    public static var checkIntervalMs: Int64 { 1000 }
    /// How long the embedded extension waits for the app to answer its join payload.
    public static var joinTimeoutMs: Int64 { 10_000 }

    public let mode: BroadcastCoordinationType
    public let coordinator: Coordinator
    public let joinRequest: EmbeddedJoinRequest
    public private(set) var phase: Phase = .waiting
    /// The id seen first (Telegram's `currentId`); kept after finishing, for the report.
    public private(set) var callId: UInt32?
    public private(set) var transitions: [BroadcastTransition] = []
    public let startMs: Int64
    private var nextCheckMs: Int64
    /// Only a keepalive we wrote is ours to delete.
    private var wroteKeepalive = false

    public init(mode: BroadcastCoordinationType, coordinator: Coordinator, joinRequest: EmbeddedJoinRequest, start: BroadcastInstant) {
        self.mode = mode
        self.coordinator = coordinator
        self.joinRequest = joinRequest
        startMs = start.monotonicMs
        nextCheckMs = start.monotonicMs + Self.checkIntervalMs
    }

    public var endReason: BroadcastEndReason? {
        if case .finished(let reason) = phase { return reason }
        return nil
    }

    /// Call often (the runner: every 100 ms); the once-a-second checks run when they are due,
    /// the join response is looked for on every tick.
    public mutating func tick(at now: BroadcastInstant) -> Step {
        switch phase {
        case .finished(let reason): return .finished(reason)
        case .opening: return .none
        case .joining(let id, let since):
            let step = pollJoinResponse(id: id, since: since, at: now)
            if step != .none { return step }
        case .waiting, .active: break
        }
        guard now.monotonicMs >= nextCheckMs else { return .none }
        // A late runner does one check, not a burst of them.
        while nextCheckMs <= now.monotonicMs { nextCheckMs += Self.checkIntervalMs }
        return check(at: now)
    }

    /// The stream is open: the status is active and the first keepalive goes out now.
    public mutating func activate(at now: BroadcastInstant) -> Step {
        guard case .opening(let id, _) = phase else { return step }
        phase = .active(id: id)
        record("active", at: now)
        return writeKeepalive(id: id, at: now)
    }

    /// The stream could not be opened: finished(error).
    public mutating func fail(_ reason: String, at now: BroadcastInstant) -> Step {
        finish(.error(reason), at: now)
    }

    /// The stream broke while running (the app truncated the ring, the source file shrank). The
    /// app may have ended the call or the screencast in the same moment, so look first: that is
    /// the better answer; otherwise it is an error.
    public mutating func streamFailed(_ reason: String, at now: BroadcastInstant) -> Step {
        if case .finished(let reason) = phase { return .finished(reason) }
        let verdict = ExtensionCallWatch.evaluate(description: coordinator.readPayloadDescription(),
                                                  cutoff: coordinator.readCutoff(), firstSeenId: callId, now: now.unixSeconds)
        if case .finished(let ending) = verdict, ending == .callEnded || ending == .screencastEnded {
            return finish(BroadcastEndReason(ending), at: now)
        }
        return finish(.error(reason), at: now)
    }

    /// The user stopped the broadcast (--duration, SIGINT, SIGTERM).
    public mutating func stop(at now: BroadcastInstant) -> Step {
        finish(.userStopped, at: now)
    }

    // MARK: -

    private var step: Step {
        if case .finished(let reason) = phase { return .finished(reason) }
        return .none
    }

    private mutating func check(at now: BroadcastInstant) -> Step {
        let description = coordinator.readPayloadDescription()
        let verdict = ExtensionCallWatch.evaluate(description: description,
                                                  cutoff: coordinator.readCutoff(), firstSeenId: callId, now: now.unixSeconds)
        switch verdict {
        case .finished(let reason):
            // A cutoff found on first sight ends the broadcast before it is active; the report
            // still names the call whose cutoff it was.
            if callId == nil, reason == .screencastEnded, case .valid(let seen) = description { callId = seen.id }
            return finish(BroadcastEndReason(reason), at: now)
        case .active(let id):
            return firstSight(id: id, at: now)
        case .unchanged:
            if case .active(let id) = phase { return writeKeepalive(id: id, at: now) }
            return .none
        }
    }

    /// In-process: open the app's ring. Embedded: offer our join payload first.
    private mutating func firstSight(id: UInt32, at now: BroadcastInstant) -> Step {
        callId = id
        switch mode {
        case .inProcess:
            phase = .opening(id: id, sink: nil)
            return .openStream(id: id, sink: nil)
        case .embedded:
            do {
                try coordinator.writeJoinPayload(joinRequest.payload(id: id))
            } catch {
                return finish(.error("cannot write the join payload: \(error)"), at: now)
            }
            phase = .joining(id: id, sinceMs: now.monotonicMs)
            record("joining", at: now)
            return .none
        }
    }

    private mutating func pollJoinResponse(id: UInt32, since: Int64, at now: BroadcastInstant) -> Step {
        switch EmbeddedJoinAnswer.evaluate(coordinator.readJoinResponse(), id: id) {
        case .accepted(let sink):
            phase = .opening(id: id, sink: sink)
            return .openStream(id: id, sink: sink)
        case .rejected(let reason):
            return finish(.error(reason), at: now)
        case .pending(let note):
            guard now.monotonicMs - since >= Self.joinTimeoutMs else { return .none }
            return finish(.error("no join response within \(Self.joinTimeoutMs / 1000) s" + (note.map { " (\($0))" } ?? "")), at: now)
        }
    }

    /// The app counts us alive for 2 s after a keepalive; one we cannot write means it will
    /// soon count us dead, so that ends the broadcast with the reason rather than silently.
    private mutating func writeKeepalive(id: UInt32, at now: BroadcastInstant) -> Step {
        do {
            try coordinator.writeKeepalive(KeepaliveInfo(id: id, timestamp: now.unixSeconds))
            wroteKeepalive = true
            return .none
        } catch {
            return finish(.error("cannot write the keepalive: \(error)"), at: now)
        }
    }

    /// Telegram's deinit deletes the keepalive; we delete it only if it is ours.
    private mutating func finish(_ reason: BroadcastEndReason, at now: BroadcastInstant) -> Step {
        if case .finished(let existing) = phase { return .finished(existing) }
        phase = .finished(reason)
        if wroteKeepalive { coordinator.removeKeepalive() }
        record("finished", at: now)
        return .finished(reason)
    }

    private mutating func record(_ status: String, at now: BroadcastInstant) {
        transitions.append(BroadcastTransition(status: status, atMs: now.monotonicMs - startMs))
    }
}
