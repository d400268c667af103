/// A request main will never apply (an unknown chat, a file that is not what it claimed): it is
/// answered `rejected` and moved aside. Anything else that fails (a busy store, a full disk) leaves
/// the request pending for the next drain.
public struct RequestRefusal: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
