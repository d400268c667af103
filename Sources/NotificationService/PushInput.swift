import Container
import Formats
#if canImport(Glibc)
import Glibc
#endif

/// Where the push comes from: standard input, as the system hands it over, or a file.
public enum PushInput: Sendable {
    case standardInput
    case file(String)

    /// Reads at most PushEnvelope.inputLimit bytes: a push is 4 KiB, so more is not a push.
    func read() throws(ServiceFailure) -> [UInt8] {
        do {
            switch self {
            case .standardInput:
                return try FileSystem.readAll(0, limit: PushEnvelope.inputLimit, path: "<standard input>")
            case .file(let path):
                return try FileSystem.readFile(path, limit: PushEnvelope.inputLimit, followLinks: true)
            }
        } catch let error as SystemError where error.code == EOVERFLOW {
            throw ServiceFailure("oversizedInput", "the push is larger than \(PushEnvelope.inputLimit / 1024) KiB")
        } catch {
            throw ServiceFailure("unreadableInput", "\(error)")
        }
    }
}
