import ScreencastCall

/// The app's one group call, as the interface starts, reads and ends it.
@MainActor
protocol CallActions: AnyObject {
    /// The running call's figures (at most a second old); nil when none runs.
    var currentCall: CallSnapshot? { get }
    func startCall(with peer: Int64) throws -> CallSnapshot
    func endCall() throws
}
