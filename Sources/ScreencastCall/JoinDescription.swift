import Container
import FoundationEssentials
import Formats

/// What the embedded extension says about its stream in `joinPayload.json`'s `string`: a JSON
/// object of its choosing. Every field is optional; the ones we know must make sense.
struct JoinDescription: Codable, Equatable, Sendable {
    var ssrc: UInt32?
    var width: Int?
    var height: Int?
    var fps: Double?

    /// Larger than any join description; a longer string is refused unparsed.
    static let maximumBytes = 64 * 1024

    /// The description, or why it is refused (the `error` of the rejection).
    static func parse(_ text: String) -> Result<JoinDescription, JoinRejection> {
        guard text.utf8.count <= maximumBytes else {
            return .failure(JoinRejection("join payload string is \(text.utf8.count) bytes (at most \(maximumBytes))"))
        }
        // Numbers are read as Double and checked here: the decoder's own range errors say only
        // "not valid JSON", which would send whoever reads the rejection the wrong way.
        let raw: Raw
        do {
            raw = try StrictJSON.decode(Raw.self, from: Array(text.utf8))
        } catch let error as DecodingError {
            return .failure(JoinRejection("join payload string: \(describe(error))"))
        } catch {
            return .failure(JoinRejection("join payload string: \(error)"))
        }
        do throws(JoinRejection) {
            return .success(JoinDescription(ssrc: try integer(raw.ssrc, "ssrc", in: 0...Int(UInt32.max)).map { UInt32($0) },
                                            width: try integer(raw.width, "width", in: 1...8192),
                                            height: try integer(raw.height, "height", in: 1...8192),
                                            fps: try rate(raw.fps)))
        } catch {
            return .failure(error)
        }
    }

    private struct Raw: Decodable {
        var ssrc: Double?
        var width: Double?
        var height: Double?
        var fps: Double?
    }

    private static func integer(_ value: Double?, _ name: String, in range: ClosedRange<Int>) throws(JoinRejection) -> Int? {
        guard let value else { return nil }
        guard value.rounded() == value else { throw JoinRejection("\(name) \(value) is not a whole number") }
        guard value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw JoinRejection("\(name) \(value.magnitude < 1e18 ? String(Int64(value)) : "\(value)") outside \(range.lowerBound)…\(range.upperBound)")
        }
        return Int(value)
    }

    private static func rate(_ value: Double?) throws(JoinRejection) -> Double? {
        guard let value else { return nil }
        guard value > 0 && value <= 240 else { throw JoinRejection("fps \(value) outside 0…240") }
        return value
    }

    private static func describe(_ error: DecodingError) -> String {
        func key(_ path: [CodingKey]) -> String {
            path.isEmpty ? "top level" : "'" + path.map(\.stringValue).joined(separator: ".") + "'"
        }
        switch error {
        case .typeMismatch(_, let context) where context.codingPath.isEmpty: return "not a JSON object"
        case .typeMismatch(_, let context): return "wrong type or range at \(key(context.codingPath))"
        case .valueNotFound(_, let context): return "null at \(key(context.codingPath))"
        case .keyNotFound(let missing, _): return "missing key '\(missing.stringValue)'"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(key(context.codingPath))"
        @unknown default: return "undecodable"
        }
    }
}

/// Why a join payload was refused.
struct JoinRejection: Error, Equatable, Sendable, CustomStringConvertible {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}

/// The `string` of `joinResponsePayload.json`: {"accepted": true, "sink": "0-sink-<id>"} or
/// {"accepted": false, "error": "…"}.
struct JoinAnswer: Codable, Equatable, Sendable {
    var accepted: Bool
    var sink: String?
    var error: String?

    static func accepted(sink: String) -> JoinAnswer { JoinAnswer(accepted: true, sink: sink, error: nil) }
    static func rejected(_ reason: String) -> JoinAnswer { JoinAnswer(accepted: false, sink: nil, error: reason) }

    /// Compact JSON with sorted keys, absent fields left out.
    var text: String {
        (try? JSONFile.compactText(self)) ?? "{\"accepted\":false}"
    }
}
