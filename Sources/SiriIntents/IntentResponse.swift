import Bootstrap
import Formats

/// What one intent carries besides its code: the sent message, the found messages, the calls …
public protocol IntentPayload: Encodable, Sendable {
    /// The payload of an answer that reveals nothing (locked app, no account, not found).
    static var empty: Self { get }
    /// The readable form, one line each.
    var lines: [String] { get }
}

/// Every intent's answer: `{"intent", "code", "reason", "detail", …payload}`. `reason` is a short
/// code for programs (locked, noAccount, noRecipient, ambiguous, queued, rejected …), `detail`
/// the same for people.
public struct IntentResponse<Payload: IntentPayload>: Encodable, Sendable {
    public let intent: IntentName
    public let code: IntentCode
    public let reason: String?
    public let detail: String?
    public let payload: Payload

    public init(_ intent: IntentName, _ code: IntentCode, reason: String? = nil, detail: String? = nil, payload: Payload = .empty) {
        self.intent = intent
        self.code = code
        self.reason = reason
        self.detail = detail
        self.payload = payload
    }

    private enum CodingKeys: String, CodingKey { case intent, code, reason, detail }

    /// The payload's keys sit beside the envelope's in one object; absent values are null.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(intent, forKey: .intent)
        try c.encode(code, forKey: .code)
        try c.encode(reason, forKey: .reason)
        try c.encode(detail, forKey: .detail)
        try payload.encode(to: encoder)
    }

    public var lines: [String] {
        var lines = ["\(code.rawValue)\(reason.map { " (\($0))" } ?? "")"]
        if let detail { lines.append(detail) }
        return lines + payload.lines
    }
}

/// "1 message", "20 messages": a search's detail line.
public func countPhrase(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
