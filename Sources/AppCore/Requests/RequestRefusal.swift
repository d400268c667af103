/// A request main will never apply (an unknown chat, a file that is not what it claimed): it is
/// answered `rejected` and moved aside. Anything else that fails (a busy store, a full disk) leaves
/// the request pending for the next drain.
struct RequestRefusal: Error, CustomStringConvertible {
    let description: String
}
