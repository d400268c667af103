/// main's answer to a request, written once it is applied (or refused).
public struct RequestAck: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Applied, in the same transaction that recorded the request's id.
        case applied
        /// Refused, never applied (unknown account, unknown chat, bad content ...).
        case rejected
    }

    public var id: String
    public var status: Status
    public var detail: String?
    /// What applying produced, e.g. {"messageId": "12"} or {"peerId": "..."}.
    public var result: [String: String]

    public init(id: String, status: Status, detail: String? = nil, result: [String: String] = [:]) {
        self.id = id
        self.status = status
        self.detail = detail
        self.result = result
    }
}
