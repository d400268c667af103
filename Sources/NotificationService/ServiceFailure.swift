/// Why a push could not be delivered as decrypted content: a code for programs, a detail for people.
/// Each one delivers the fallback content; none is a crash.
public struct ServiceFailure: Error, Equatable, CustomStringConvertible {
    public let code: String
    public let detail: String

    public init(_ code: String, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { detail }
}
