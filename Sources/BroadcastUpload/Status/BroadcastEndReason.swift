import BroadcastIPC

/// Why a broadcast finished: Telegram's three reasons, plus the user stopping it from the system
/// UI (on iOS, ReplayKit ends the extension; here --duration or SIGINT/SIGTERM).
public enum BroadcastEndReason: Equatable, Sendable {
    case screencastEnded
    case callEnded
    case userStopped
    case error(String)

    init(_ reason: BroadcastStatus.FinishReason) {
        switch reason {
        case .screencastEnded: self = .screencastEnded
        case .callEnded: self = .callEnded
        case .error(let detail): self = .error(detail)
        }
    }

    /// The name in output and JSON: "screencastEnded", "callEnded", "userStopped" or "error".
    public var name: String {
        switch self {
        case .screencastEnded: return "screencastEnded"
        case .callEnded: return "callEnded"
        case .userStopped: return "userStopped"
        case .error: return "error"
        }
    }

    public var detail: String? {
        if case .error(let detail) = self { return detail }
        return nil
    }

    /// 0 for every ending the protocol expects; 1 for an error.
    public var exitStatus: Int32 { detail == nil ? 0 : 1 }
}
