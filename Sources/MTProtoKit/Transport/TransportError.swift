#if canImport(Glibc)
import Glibc
#endif

/// Why a transport connection failed or ended. After any of these the connection is done: the
/// caller closes it and, if it wants, connects again.
public enum TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    case hostNotFound(host: String, reason: String)
    case refused(address: String)
    case unreachable(address: String, reason: String)
    /// Connecting or sending did not finish in time.
    case timedOut(operation: String, seconds: Double)
    case reset
    /// The server closed the connection (end of stream).
    case closedByPeer
    /// This side closed it (close(), perhaps from another thread).
    case closed
    case system(operation: String, code: Int32)
    /// A frame announced more than the decoder accepts.
    case frameTooLarge(Int, limit: Int)
    /// Bytes that no conforming server sends: an empty frame, a misaligned length, a bad init.
    case malformedFrame(String)
    /// A transport error packet: a 4-byte negative code (-404 auth key unknown or bad query,
    /// -429 transport flood, -444 invalid dc), core.telegram.org/mtproto/mtproto-transports.
    case serverError(code: Int32)

    public var description: String {
        switch self {
        case .hostNotFound(let host, let reason): "cannot resolve \(host): \(reason)"
        case .refused(let address): "\(address) refused the connection"
        case .unreachable(let address, let reason): "\(address) is unreachable: \(reason)"
        case .timedOut(let operation, let seconds): "\(operation) did not finish within \(seconds) s"
        case .reset: "the connection was reset"
        case .closedByPeer: "the server closed the connection"
        case .closed: "the connection was closed"
        case .system(let operation, let code): "\(operation) failed: \(String(cString: strerror(code)))"
        case .frameTooLarge(let size, let limit): "a frame of \(size) bytes is over the limit of \(limit)"
        case .malformedFrame(let reason): "malformed frame: \(reason)"
        case .serverError(let code):
            switch code {
            case -404: "transport error -404: the server does not know the auth key, or refused a query"
            case -429: "transport error -429: too many connections or requests (transport flood)"
            case -444: "transport error -444: invalid datacenter id"
            default: "transport error \(code)"
            }
        }
    }
}

/// Nothing arrived within a receive's timeout. Unlike a TransportError the connection is still
/// good (a frame may be half read; it goes on with the next receive).
public struct TransportTimeout: Error, Equatable, Sendable, CustomStringConvertible {
    public let seconds: Double
    public init(seconds: Double) { self.seconds = seconds }
    public var description: String { "nothing received within \(seconds) s" }
}
