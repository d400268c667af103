import Container
import Formats
import RequestChannel

/// Telegram's `shouldBeServiceTaskMaster` window: the extension asks for the change to happen
/// now and waits for it within its deadline. Here the change is a request file main applies;
/// the wait is for main's acknowledgement. When main is not running, or does not answer in
/// time, the request stays queued and main applies it exactly once at its next launch.
public struct MainAppRequest {
    public enum Outcome: Equatable {
        /// Applied; what main reported (e.g. messageId, callId, unreadCount).
        case applied([String: String])
        /// Refused by main, with its reason; never applied.
        case rejected(String)
        case queued(appRunning: Bool)
    }

    public let requestId: String
    public let outcome: Outcome

    /// The time left is measured from `started` (the command's start), so the whole intent keeps
    /// to its deadline.
    /// `randomId`: a message's, when the extension may send it itself (ExtensionSender).
    public static func submit(_ action: RequestAction, account: IntentAccount, deadlineSeconds: Double, started: UInt64,
                              randomId: Int64? = nil) throws -> MainAppRequest {
        let submitter = try RequestSubmitter(layout: account.layout, deviceKey: account.deviceKey)
        let draft = try submitter.begin()
        let request: AppRequest
        do {
            request = try submitter.commit(draft, accountId: account.record.id, origin: ProcessIdentity.intents.processType, action: action,
                                           randomId: randomId)
        } catch {
            submitter.abandon(draft)
            throw error
        }
        let remaining = max(0, deadlineSeconds - Clock.milliseconds(since: started) / 1000)
        let outcome: Outcome
        switch submitter.awaitOutcome(of: request, timeout: remaining) {
        case .applied(let ack): outcome = .applied(ack.result)
        case .rejected(let ack): outcome = .rejected(ack.detail ?? "refused by the app")
        case .queued(let appRunning): outcome = .queued(appRunning: appRunning)
        }
        return MainAppRequest(requestId: request.id, outcome: outcome)
    }

    public var isQueued: Bool {
        if case .queued = outcome { return true }
        return false
    }

    /// The inProgress answer's detail.
    public static func queuedDetail(appRunning: Bool) -> String {
        appRunning
            ? "Telegram did not confirm in time; the request stays queued and is applied when it gets to it."
            : "Telegram is not running; the request is queued and applied at its next launch."
    }
}
