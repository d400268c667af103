/// The extension's status, Telegram's `IpcGroupCallBufferBroadcastContext.Status`, with a reason
/// on `.error` (Telegram's has none, which leaves a user guessing).
public enum BroadcastStatus: Equatable, Sendable, CustomStringConvertible, Codable {
    public enum FinishReason: Equatable, Sendable {
        /// The app wrote a cutoff for our id.
        case screencastEnded
        /// The app stopped refreshing the payload description, or started another call.
        case callEnded
        case error(String)
    }

    case active
    case finished(FinishReason)

    /// The string form used in JSON: "active", "screencastEnded", "callEnded" or "error: <reason>".
    public var description: String {
        switch self {
        case .active: return "active"
        case .finished(.screencastEnded): return "screencastEnded"
        case .finished(.callEnded): return "callEnded"
        case .finished(.error(let reason)): return "error: \(reason)"
        }
    }

    /// Parses `description`; nil for anything else.
    public init?(string: String) {
        switch string {
        case "active": self = .active
        case "screencastEnded": self = .finished(.screencastEnded)
        case "callEnded": self = .finished(.callEnded)
        default:
            guard string.hasPrefix("error: ") else { return nil }
            self = .finished(.error(String(string.dropFirst(7))))
        }
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let status = BroadcastStatus(string: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown broadcast status"))
        }
        self = status
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
