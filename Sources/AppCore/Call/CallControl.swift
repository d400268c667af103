import BroadcastIPC
import ScreencastCall

/// The interface's handle on the app's one call (`app.call`), so it never touches the
/// call's parts: start a call to a chat, read its figures, end it. The same call `main call
/// start|end` hand to the running app, so a call started by another process shows here too, and
/// one ended there (or by its `--duration`) is gone from `current`. Used on the app's event thread,
/// as the handed-over operations are (the interface's main thread).
public struct CallControl {
    let app: LaunchedApp

    public init(app: LaunchedApp) {
        self.app = app
    }

    /// The running call's figures as last written (at most a second old); nil when none runs.
    public var current: CallSnapshot? {
        guard let call = app.call else { return nil }
        return call.lastReport.map(CallSnapshot.init)
    }

    /// Starts a group call with `peer` (in-process coordination, no deadline), as `main call
    /// start --peer` does in the running app. Throws `CallFailure` (a call already running, a peer
    /// that is not a chat of the account, a coordination directory that cannot be set up).
    @discardableResult
    public func start(peer: Int64) throws -> CallSnapshot {
        let call = try CallHost.start(in: app, peer: peer, mode: .inProcess, duration: nil)
        guard let report = call.lastReport else { throw CallFailure("the call started without statistics") }
        return CallSnapshot(report)
    }

    /// Ends the running call (final statistics written, its files removed, the extension told by
    /// the heartbeat going stale); the final figures. Throws "no call is running" when none runs.
    @discardableResult
    public func end(reason: String = "ended in the interface") throws -> CallSnapshot {
        CallSnapshot(try CallHost.end(app, reason: reason))
    }
}
