/// start-call's payload: the app continues the call from `handle` (Telegram's userInfo
/// "handle" = "TGCA<peerId>"); the call is in the call log once main has applied the request.
public struct CallStart: RecipientPayload {
    public var recipient: IntentPerson?
    public var candidates: [IntentPerson] = []
    public var handle: String?
    public var callId: Int64?
    public var isVideo = false
    public var requestId: String?
    public var queued = false

    public init(recipient: IntentPerson? = nil, candidates: [IntentPerson] = [], handle: String? = nil, callId: Int64? = nil, isVideo: Bool = false, requestId: String? = nil, queued: Bool = false) {
        self.recipient = recipient
        self.candidates = candidates
        self.handle = handle
        self.callId = callId
        self.isVideo = isVideo
        self.requestId = requestId
        self.queued = queued
    }

    public static var empty: CallStart { CallStart() }
    public static func candidates(_ people: [IntentPerson]) -> CallStart { CallStart(candidates: people) }

    private enum CodingKeys: String, CodingKey { case recipient, candidates, handle, callId, isVideo, requestId, queued }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(recipient, forKey: .recipient)
        try c.encode(candidates, forKey: .candidates)
        try c.encode(handle, forKey: .handle)
        try c.encode(callId, forKey: .callId)
        try c.encode(isVideo, forKey: .isVideo)
        try c.encode(requestId, forKey: .requestId)
        try c.encode(queued, forKey: .queued)
    }

    public var lines: [String] {
        var lines: [String] = []
        if let recipient { lines.append("\(isVideo ? "video call" : "call"): \(recipient.label)") }
        if let handle { lines.append("handle: \(handle)") }
        if queued, let requestId { lines.append("recorded when Telegram runs (request \(requestId))") }
        if !candidates.isEmpty { lines += ["candidates:"] + candidates.map { "  \($0.label)" } }
        return lines
    }
}
