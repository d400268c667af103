import BroadcastIPC
import Container

/// Embedded mode's handshake (the file form of Telegram's `IpcGroupCallEmbeddedAppContext`):
/// the extension, having seen our payload description, writes `joinPayload.json {id, string}`;
/// we validate its string and answer `joinResponsePayload.json {id, string}` — accepted with the
/// name of the sink ring the extension then creates and streams into, or rejected with why.
final class EmbeddedJoin {
    enum State: String, Codable, Sendable {
        case waiting, accepted, rejected
    }

    /// How the handshake stands, as `call-stats.json` shows it.
    struct Status: Codable, Equatable, Sendable {
        var state: State
        var detail: String?
        /// The accepted join's description.
        var description: JoinDescription?
    }

    let id: UInt32
    let directory: CoordinationDirectory
    let sinkName: String
    private(set) var status = Status(state: .waiting, detail: "waiting for \(BroadcastFileNames.joinPayload)")
    /// The last payload answered (or the last unreadable file's reason), so each is answered once.
    private var answered: CoordinationRead<JoinPayload>?

    init(id: UInt32, directory: CoordinationDirectory, sinkName: String) {
        self.id = id
        self.directory = directory
        self.sinkName = sinkName
    }

    /// Reads the join payload and answers it if it is new. Returns whether the status changed.
    @discardableResult
    func poll() -> Bool {
        let before = status
        let read = directory.readJoinPayload()
        switch read {
        case .missing:
            if status.state == .waiting { status.detail = "waiting for \(BroadcastFileNames.joinPayload)" }
        case .corrupt(let reason):
            // Nothing tells whose it is: answered under our id, since only our extension talks to us.
            if read != answered { answer(.rejected(reason), for: read) }
        case .valid(let payload) where payload.id != id:
            if status.state == .waiting { status.detail = "join payload is for another call (\(payload.id))" }
        case .valid(let payload):
            guard read != answered else { break }
            switch JoinDescription.parse(payload.string) {
            case .success(let description): answer(.accepted(sink: sinkName), for: read, description: description)
            case .failure(let rejection): answer(.rejected(rejection.reason), for: read)
            }
        }
        return status != before
    }

    private func answer(_ answer: JoinAnswer, for read: CoordinationRead<JoinPayload>, description: JoinDescription? = nil) {
        do {
            try directory.writeJoinResponse(JoinResponsePayload(id: id, string: answer.text))
            answered = read
            status = answer.accepted
                ? Status(state: .accepted, detail: "sink \(sinkName)", description: description)
                : Status(state: .rejected, detail: answer.error)
        } catch {
            // Not remembered as answered: the next poll tries again.
            status = Status(state: status.state, detail: "cannot write \(BroadcastFileNames.joinResponsePayload): \(error)",
                            description: status.description)
        }
    }
}
