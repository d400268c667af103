/// Why a call command could not do what it was asked: printed as `error: …`, exit 1.
public struct CallFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }

    public static let noCall = CallFailure("no call is running")
}
