import BroadcastIPC
import Container
import ScreencastCall
import TelegramCore

/// The running app's one call (`app.call`): started, cut off and ended by the `main call`
/// commands' operations, which run on the app's event thread (handed over, or in the process hosting the
/// call), and ended by the app itself at its deadline or when it stops.
public enum CallHost {
    /// Checks the peer and that no call runs, then sets the call up and starts it.
    public static func start(in app: LaunchedApp, peer: Int64, mode: BroadcastCoordinationType, duration: Double?) throws -> GroupCall {
        if let call = app.call {
            throw CallFailure("a call is already running (id \(call.id), peer \(call.peerId)); end it with `main call end`")
        }
        let account = try app.accountContext(nil)
        guard try account.engine.peers.peer(EnginePeer.Id(peer)) != nil else {
            throw CallFailure("no chat with peer id \(peer) in account \(account.record.id) (see `main chats`)")
        }
        let call = try GroupCall(layout: app.layout, peerId: peer, mode: mode, duration: duration, logger: app.logger)
        call.start()
        app.call = call
        app.callAccountId = account.record.id
        app.logger.info("call started", metadata: ["call": "\(call.id)", "peer": "\(peer)", "mode": "\(mode.rawValue)"])
        return call
    }

    public static func current(_ app: LaunchedApp) throws -> GroupCall {
        guard let call = app.call else { throw CallFailure.noCall }
        return call
    }

    /// Ends the running call; its final statistics.
    @discardableResult
    public static func end(_ app: LaunchedApp, reason: String) throws -> CallStatisticsReport {
        let call = try current(app)
        app.call = nil
        let report = call.end(reason: reason)
        app.logger.info("call ended", metadata: ["call": "\(call.id)", "reason": "\(reason)",
                                                "received": "\(report.statistics.framesReceived)",
                                                "dropped": "\(report.statistics.framesDropped)"])
        addToCallList(app, call)
        return report
    }

    /// An ended call goes into its account's call list, as Telegram logs every call: outgoing
    /// (this app placed it), answered, as long as it ran. A failed write is logged; the call has
    /// ended either way.
    private static func addToCallList(_ app: LaunchedApp, _ call: GroupCall) {
        let accountId = app.callAccountId
        app.callAccountId = nil
        let duration = max(0, Clock.unixTime() - call.startedAt)
        let record = EngineCallRecord(callId: Int64(call.id), peerId: EnginePeer.Id(call.peerId), timestamp: call.startedAt, duration: duration,
                                isOutgoing: true, isMissed: false, isVideo: false)
        do {
            try app.accountContext(accountId).engine.calls.add(record)
        } catch {
            app.logger.error("the ended call was not added to the call list", metadata: ["call": "\(call.id)", "error": "\(error)"])
        }
    }

    /// On the app's tick: a call whose `--duration` has passed ends.
    static func endIfDue(_ app: LaunchedApp) {
        guard let call = app.call, call.isDue() else { return }
        _ = try? end(app, reason: "duration elapsed")
    }

    /// The app is stopping: its call ends with it.
    public static func endForShutdown(_ app: LaunchedApp, reason: String) {
        guard app.call != nil else { return }
        _ = try? end(app, reason: reason)
    }
}
