import Bootstrap
import Container

/// Why a MainOperation did not happen, by a code the issuer acts on (its exit status) and a
/// description for people.
public struct OperationFailure: Error, Codable, Sendable, CustomStringConvertible, ExitStatusProviding {
    public enum Code: String, Codable, Sendable {
        /// What the operation names is wrong (no such chat, not a PNG file): the command's usage.
        case invalidInput
        /// It could not be done (a refused login, no call running, a full disk).
        case failed
        /// Nothing was done, and the same operation may succeed later: the app was busy with a
        /// long operation, or stopped before this one finished.
        case tryAgain
        /// It was done, but the disk failed to make it durable: it may be lost at a power cut.
        case notDurable
    }

    public let code: Code
    public let description: String

    public init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// Any error an operation threw, as the issuer hears it.
    public init(_ error: any Error) {
        switch error {
        case let failure as OperationFailure: self = failure
        case is WriterLockHeld: self.init(.tryAgain, "\(error)")
        case is NotDurable: self.init(.notDurable, "\(error)")
        default: self.init(.failed, "\(error)")
        }
    }

    /// As the command-line tools exit: 64 for usage (EX_USAGE), 75 for try again (EX_TEMPFAIL),
    /// 74 for done but not durable (EX_IOERR).
    public var exitStatus: Int32 {
        switch code {
        case .invalidInput: return 64
        case .failed: return 1
        case .tryAgain: return 75
        case .notDurable: return 74
        }
    }
}

/// A MainOperation's answer as it travels back to the process that handed it over.
public enum OperationAnswer: Codable, Sendable {
    case done(MainOperationResult)
    case failed(OperationFailure)

    /// The result, or the failure thrown.
    public func get() throws -> MainOperationResult {
        switch self {
        case .done(let result): return result
        case .failed(let failure): throw failure
        }
    }
}
