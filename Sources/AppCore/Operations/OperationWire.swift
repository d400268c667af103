import Container
import Formats
import RequestChannel

/// MainOperation and its answer as the request channel carries them: the operation as the
/// envelope's JSON (strictly decoded, by its own version), the answer as the ack's "answer".
public enum OperationWire {
    public static let version = 1
    static let answerKey = "answer"

    public static func envelope(_ operation: MainOperation) throws -> OperationEnvelope {
        OperationEnvelope(name: operation.name, version: version, body: try JSONFile.compactText(operation))
    }

    static func operation(_ envelope: OperationEnvelope) throws -> MainOperation {
        guard envelope.version == version else {
            throw OperationFailure(.failed, "operation format \(envelope.version) is not this main's (\(version)); run the command again")
        }
        return try StrictJSON.decode(MainOperation.self, from: Array(envelope.body.utf8))
    }

    static func ackResult(_ answer: OperationAnswer) -> [String: String] {
        guard let text = try? JSONFile.compactText(answer) else { return [:] }
        return [answerKey: text]
    }

    /// The answer an ack's result carries; a failure when it carries none this main can read.
    public static func answer(_ result: [String: String]) -> OperationAnswer {
        guard let text = result[answerKey], let answer = try? StrictJSON.decode(OperationAnswer.self, from: Array(text.utf8)) else {
            return .failed(OperationFailure(.failed, "the running app's answer cannot be read (another version of main?)"))
        }
        return answer
    }
}
