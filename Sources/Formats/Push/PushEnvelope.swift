import Container
import FoundationEssentials

/// A push as it reaches the device: `{"aps": {...}, "p": "<base64url>"}`. The outer `aps` is what
/// Apple (or any relay) sees, so it never carries message content; it is also the fallback the
/// service delivers when it cannot decrypt.
public struct PushEnvelope: Codable, Equatable, Sendable {
    public var aps: PushAps?
    public var p: String?

    public init(aps: PushAps?, p: String?) {
        self.aps = aps
        self.p = p
    }

    /// The largest push accepted on input: APNs caps payloads at 4 KiB, so anything far larger is
    /// not a push.
    public static let inputLimit = 64 * 1024

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case notJSONObject
        case missingPayload
        case payloadNotBase64URL

        public var description: String {
            switch self {
            case .notJSONObject: return "the push is not a JSON object"
            case .missingPayload: return "the push has no encrypted payload \"p\""
            case .payloadNotBase64URL: return "the push's \"p\" is not base64url"
            }
        }

        public var code: String {
            switch self {
            case .notJSONObject: return "notJSON"
            case .missingPayload: return "missingPayload"
            case .payloadNotBase64URL: return "badBase64"
            }
        }
    }

    private enum CodingKeys: String, CodingKey { case aps, p }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        aps = try? c.decodeIfPresent(PushAps.self, forKey: .aps)
        p = c.lenientString(.p)
    }

    /// Parses the outer JSON; the envelope's `aps` survives even when `p` is unusable.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> PushEnvelope {
        guard let envelope = try? StrictJSON.decode(PushEnvelope.self, from: bytes) else { throw .notJSONObject }
        return envelope
    }

    /// The decoded payload bytes.
    public func payloadBytes() throws(ParseError) -> [UInt8] {
        guard let p else { throw .missingPayload }
        guard let bytes = Base64URL.decode(p) else { throw .payloadNotBase64URL }
        return bytes
    }
}
