/// send-message's payload: to whom, and the message main stored (or the queued request).
public struct SentMessage: RecipientPayload {
    public var recipient: IntentPerson?
    /// When the name fits several people (needsDisambiguation): who they are.
    public var candidates: [IntentPerson] = []
    public var messageId: Int32?
    /// `<peerId>_<namespace>_<id>`, what set-attribute takes.
    public var identifier: String?
    public var requestId: String?
    public var queued = false

    public init(recipient: IntentPerson? = nil, candidates: [IntentPerson] = [], messageId: Int32? = nil, identifier: String? = nil, requestId: String? = nil, queued: Bool = false) {
        self.recipient = recipient
        self.candidates = candidates
        self.messageId = messageId
        self.identifier = identifier
        self.requestId = requestId
        self.queued = queued
    }

    public static var empty: SentMessage { SentMessage() }
    public static func candidates(_ people: [IntentPerson]) -> SentMessage { SentMessage(candidates: people) }

    private enum CodingKeys: String, CodingKey { case recipient, candidates, messageId, identifier, requestId, queued }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(recipient, forKey: .recipient)
        try c.encode(candidates, forKey: .candidates)
        try c.encode(messageId, forKey: .messageId)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(requestId, forKey: .requestId)
        try c.encode(queued, forKey: .queued)
    }

    public var lines: [String] {
        var lines: [String] = []
        if let recipient { lines.append("to: \(recipient.label)") }
        if let identifier { lines.append("message: \(identifier)") }
        if queued, let requestId { lines.append("queued as request \(requestId)") }
        if !candidates.isEmpty { lines += ["candidates:"] + candidates.map { "  \($0.label)" } }
        return lines
    }
}
