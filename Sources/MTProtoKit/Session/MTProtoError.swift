/// Why a request through a session did not get its answer.
public enum MTProtoError: Error, Equatable, CustomStringConvertible {
    case timedOut(method: String, seconds: Double)
    /// The caller cancelled it (`RequestCancellation`).
    case cancelled
    /// The session was closed while it waited.
    case closed
    case rpc(RPCError)
    case badResult(method: String, reason: String)
    /// The server refused a message for a reason the client cannot fix by resending.
    case refused(method: String, code: Int32)
    case connect(String)

    public var description: String {
        switch self {
        case .timedOut(let method, let seconds): "\(method): no answer within \(seconds) s"
        case .cancelled: "the request was cancelled"
        case .closed: "the session was closed"
        case .rpc(let error): error.description
        case .badResult(let method, let reason): "\(method): the server's answer does not parse: \(reason)"
        case .refused(let method, let code): "\(method): the server refused the message (bad_msg_notification \(code))"
        case .connect(let reason): reason
        }
    }
}
