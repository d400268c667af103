import BroadcastIPC
import Container
import FoundationEssentials

/// The app's answer to our join payload, read from `joinResponsePayload.json`. Its `string` is
/// a JSON text: `{"accepted": true, "sink": "0-sink-<id>"}` or `{"accepted": false, "error": …}`.
public enum EmbeddedJoinAnswer: Equatable, Sendable {
    /// No answer for our id yet; `note` says what was there instead, for the timeout message.
    case pending(note: String?)
    /// Stream to a frame ring we create under this name in the coordination directory.
    case accepted(sink: String)
    case rejected(String)

    /// The sink names we create files under: `0-sink-` and a plain name, so an answer can never
    /// make us replace a protocol file or write outside the directory.
    public static let sinkPrefix = BroadcastFileNames.sinkPrefix
    public static let maximumSinkNameBytes = 128

    private struct Body: Decodable {
        var accepted: Bool
        var sink: String?
        var error: String?
    }

    public static func evaluate(_ read: CoordinationRead<JoinResponsePayload>, id: UInt32) -> EmbeddedJoinAnswer {
        let response: JoinResponsePayload
        switch read {
        case .missing: return .pending(note: nil)
        // Written atomically, so never half-written: garbage from the app, or an answer we cannot
        // tell is ours. Keep waiting; the timeout reports it.
        case .corrupt(let reason): return .pending(note: "joinResponsePayload.json unreadable: \(reason)")
        case .valid(let value): response = value
        }
        guard response.id == id else { return .pending(note: "joinResponsePayload.json answers call \(response.id), not \(id)") }
        let body: Body
        do {
            body = try StrictJSON.decode(Body.self, from: Array(response.string.utf8))
        } catch {
            return .rejected("join response is not the expected JSON ({\"accepted\": …}): \(response.string.prefix(200))")
        }
        guard body.accepted else {
            let reason = body.error.map { $0.isEmpty ? nil : $0 } ?? nil
            return .rejected("the app refused the join: \(reason ?? "no reason given")")
        }
        guard let sink = body.sink else { return .rejected("the app accepted the join but named no sink") }
        if let problem = sinkNameProblem(sink) { return .rejected("the app named an unusable sink \"\(sink.prefix(200))\": \(problem)") }
        return .accepted(sink: sink)
    }

    /// nil when `name` is safe to create in the coordination directory, else why not.
    public static func sinkNameProblem(_ name: String) -> String? {
        guard name.hasPrefix(sinkPrefix), name.utf8.count > sinkPrefix.utf8.count else { return "not \(sinkPrefix)<name>" }
        guard name.utf8.count <= maximumSinkNameBytes else { return "longer than \(maximumSinkNameBytes) bytes" }
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
        return allowed ? nil : "only letters, digits, '-', '_' and '.' are allowed"
    }
}
