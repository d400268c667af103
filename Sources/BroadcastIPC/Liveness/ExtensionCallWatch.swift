/// The extension's once-a-second checks (Telegram's `updateCallIsActive` and
/// `updateScreencastCutoff`), as pure functions of what was read and the time.
public enum ExtensionCallWatch {
    public enum Verdict: Equatable, Sendable {
        /// First sight of a live description: map `0-data-<id>`, open the FIFO, start keepalives.
        case active(id: UInt32)
        /// Nothing changed; keep going.
        case unchanged
        case finished(BroadcastStatus.FinishReason)
    }

    /// A description older than this many seconds means the app stopped refreshing it.
    public static let descriptionTimeout: Int32 = 4
    /// A cutoff counts for this many seconds after it was written.
    public static let cutoffWindow: Int32 = 10

    /// Both checks, description first (as Telegram's two timers would usually fire).
    public static func evaluate(description: CoordinationRead<PayloadDescription>,
                                cutoff: CoordinationRead<CutoffPayload>,
                                firstSeenId: UInt32?, now: Int32) -> Verdict {
        let verdict = checkDescription(description, firstSeenId: firstSeenId, now: now)
        if case .finished = verdict { return verdict }
        let id: UInt32? = if case .active(let id) = verdict { id } else { firstSeenId }
        if case .finished(let reason) = checkCutoff(cutoff, firstSeenId: id, now: now) { return .finished(reason) }
        return verdict
    }

    /// Missing or invalid → error; `timestamp < now − 4` → callEnded; id changed → callEnded;
    /// first sight → active.
    public static func checkDescription(_ read: CoordinationRead<PayloadDescription>,
                                        firstSeenId: UInt32?, now: Int32) -> Verdict {
        let description: PayloadDescription
        switch read {
        case .missing: return .finished(.error("no payload description (the app has no call)"))
        case .corrupt(let reason): return .finished(.error("payload description unreadable: \(reason)"))
        case .valid(let value): description = value
        }
        // Int64: `now − 4` must not trap near Int32.min on a hostile clock.
        if Int64(description.timestamp) < Int64(now) - Int64(descriptionTimeout) { return .finished(.callEnded) }
        guard let firstSeenId else { return .active(id: description.id) }
        return firstSeenId == description.id ? .unchanged : .finished(.callEnded)
    }

    /// A cutoff for our id written within the last 10 s → screencastEnded. Missing, corrupt or
    /// another id's cutoff → unchanged (Telegram ignores them too), as does having no id yet.
    public static func checkCutoff(_ read: CoordinationRead<CutoffPayload>, firstSeenId: UInt32?, now: Int32) -> Verdict {
        guard let firstSeenId, case .valid(let cutoff) = read, cutoff.id == firstSeenId else { return .unchanged }
        return Int64(cutoff.timestamp) > Int64(now) - Int64(cutoffWindow) ? .finished(.screencastEnded) : .unchanged
    }
}
