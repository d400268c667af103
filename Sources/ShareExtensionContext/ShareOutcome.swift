import Formats
import RequestChannel
import TelegramCore

/// How a `share --to` ended, as `--json` prints it (one object with a "status") and as text.
public enum ShareOutcome: Encodable {
    /// main applied it: the message is in the chat.
    case sent(requestId: String, messageId: Int64?, peerId: Int64, title: String)
    /// main was not running, and share sent the text to the server itself (the server's id);
    /// the request stays queued, so main keeps the message in the chat when it next runs.
    case sentOverNetwork(requestId: String, messageId: Int32, peerId: Int64, title: String)
    /// main refused it (exit 1): the reason is main's.
    case rejected(requestId: String, reason: String)
    /// In the queue: main is not running, or did not answer within the deadline. main applies it
    /// exactly once when it next runs, so this is a success (exit 0).
    case queued(requestId: String, appRunning: Bool, deadline: Double)
    /// The name fits several chats: nothing was sent (exit 3).
    case ambiguous(AmbiguousPeer)
    /// Refused before anything was queued (exit 1, or the failure's own status).
    case failed(ShareFailure)

    public init(_ outcome: RequestSubmitter.Outcome, request: AppRequest, peer: EnginePeer, deadline: Double) {
        switch outcome {
        case .applied(let ack):
            self = .sent(requestId: request.id, messageId: ack.result["messageId"].flatMap { Int64($0) },
                         peerId: peer.id.toInt64(), title: peer.displayTitle)
        case .rejected(let ack):
            self = .rejected(requestId: request.id, reason: ack.detail ?? "no reason given")
        case .queued(let appRunning):
            self = .queued(requestId: request.id, appRunning: appRunning, deadline: deadline)
        }
    }

    /// What the process says on stdout (none: the error line goes to stderr).
    public var lines: [String] {
        switch self {
        case .sent(_, let messageId, _, let title):
            return ["sent: message \(messageId.map(String.init) ?? "?") to \(title)"]
        case .sentOverNetwork(_, let messageId, _, let title):
            return ["sent: message \(messageId) to \(title), by share over the network (main is not running; it keeps the message when it runs)"]
        case .queued(_, let appRunning, let deadline):
            return [appRunning
                ? "queued: main did not answer within \(DurationText.text(seconds: deadline)); the request stays queued"
                : "queued: main is not running; it will be sent when the app runs"]
        case .ambiguous(let ambiguous):
            return ["candidates (peer id, kind, title):"] + ambiguous.candidates.prefix(30).map {
                "  \($0.id.toInt64())\t\($0.id.kindName)\t\($0.displayTitle)"
            }
        case .rejected, .failed:
            return []
        }
    }

    /// The error that ends the process after the output, if it did not succeed.
    public var error: Error? {
        switch self {
        case .sent, .sentOverNetwork, .queued: return nil
        case .rejected(_, let reason): return ShareFailure("rejected", "main refused the share: \(reason)")
        case .ambiguous(let ambiguous): return ShareFailure("ambiguous", ambiguous.description, exitStatus: 3)
        case .failed(let failure): return failure
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .sent(let requestId, let messageId, let peerId, let title):
            try c.encode("sent", forKey: .status)
            try c.encode(requestId, forKey: .requestId)
            try c.encode(messageId, forKey: .messageId)
            try c.encode(peerId, forKey: .peerId)
            try c.encode(title, forKey: .title)
        case .sentOverNetwork(let requestId, let messageId, let peerId, let title):
            try c.encode("sent", forKey: .status)
            try c.encode(requestId, forKey: .requestId)
            try c.encode(messageId, forKey: .messageId)
            try c.encode(peerId, forKey: .peerId)
            try c.encode(title, forKey: .title)
            try c.encode("share", forKey: .by)
        case .rejected(let requestId, let reason):
            try c.encode("rejected", forKey: .status)
            try c.encode(requestId, forKey: .requestId)
            try c.encode(reason, forKey: .reason)
        case .queued(let requestId, let appRunning, _):
            try c.encode("queued", forKey: .status)
            try c.encode(requestId, forKey: .requestId)
            try c.encode(appRunning, forKey: .appRunning)
        case .ambiguous(let ambiguous):
            try c.encode("ambiguous", forKey: .status)
            try c.encode(ambiguous.candidates.prefix(30).map(Candidate.init), forKey: .candidates)
        case .failed(let failure):
            try c.encode(failure.status, forKey: .status)
            try c.encode(failure.description, forKey: .error)
        }
    }

    private enum Key: String, CodingKey { case status, requestId, messageId, peerId, title, reason, appRunning, candidates, error, by }

    private struct Candidate: Encodable {
        let peerId: Int64
        let kind: String
        let title: String

        init(_ peer: EnginePeer) {
            peerId = peer.id.toInt64()
            kind = peer.id.kindName
            title = peer.displayTitle
        }
    }
}
