import BroadcastIPC
import Container

/// The app's half of Telegram's heartbeat (`IpcGroupCallBufferAppContext`): the payload
/// description rewritten every second says "this call wants frames under this id"; the
/// extension's keepalive, read back, says whether it is capturing for it.
final class CallHeartbeat {
    let id: UInt32
    let directory: CoordinationDirectory
    /// The ring the extension writes, whose header names its pid (see ExtensionProcessProbe).
    let ringPath: String
    private(set) var liveness = ExtensionLiveness.inactive(reason: "no keepalive")
    /// Set while the payload description cannot be written (the extension will end the capture).
    private(set) var writeError: String?

    init(id: UInt32, directory: CoordinationDirectory, ringPath: String) {
        self.id = id
        self.directory = directory
        self.ringPath = ringPath
    }

    /// Rewrites `currentPayloadDescription.json` with `now`.
    func publish(now: Int32 = Clock.unixTime()) {
        do {
            try directory.writePayloadDescription(PayloadDescription(id: id, timestamp: now))
            writeError = nil
        } catch {
            writeError = "cannot write \(BroadcastFileNames.payloadDescription): \(error)"
        }
    }

    /// Telegram's rule (our id, at most 2 s old; unreadable counts as inactive, with the reason),
    /// then the writer-pid probe. Returns whether the verdict changed.
    @discardableResult
    func checkExtension(now: Int32 = Clock.unixTime()) -> Bool {
        var verdict = ExtensionLiveness.evaluate(directory.readKeepalive(), id: id, now: now)
        if verdict.isActive, let pid = ExtensionProcessProbe.writerPid(ringPath: ringPath), ExtensionProcessProbe.isGone(pid) {
            verdict = .inactive(reason: "extension process \(pid) is gone")
        }
        defer { liveness = verdict }
        return verdict != liveness
    }

    /// "active", or "inactive: <reason>" (as `call-stats.json`'s extensionStatus).
    static func text(_ liveness: ExtensionLiveness) -> String {
        switch liveness {
        case .active: return "active"
        case .inactive(let reason): return "inactive: \(reason)"
        }
    }
}
