import Bootstrap
import Container
import Cryptography
import Formats
import FoundationEssentials
import TelegramCore

/// The account an intent works on: the current one, its Postbox opened read-only and read
/// through the engine.
public struct IntentAccount {
    public let bootstrap: ExtensionBootstrap
    public let record: EngineAccountRecord
    public let engine: TelegramEngine

    public var layout: ContainerLayout { bootstrap.layout }
    public var deviceKey: DeviceKey { bootstrap.deviceKey }
}

/// Telegram's DefaultIntentHandler entry, in its order: the lock first (before the Postbox is
/// even opened, so a locked app reveals nothing), then the current account, then the intent.
public enum IntentSession {
    /// - lockedCode: what the intent answers when the app is locked (Telegram: failure for
    ///   set-attribute, failureRequiringAppLaunch for the rest).
    /// - revealsContent: checks the lock once more just before answering, so a lock taken while
    ///   searching still hides the result (answers that only report an action are left as they are:
    ///   the action happened).
    public static func response<Payload: IntentPayload>(_ intent: IntentName, container: String?, lockedCode: IntentCode,
                                                        revealsContent: Bool = false,
                                                        _ body: (IntentAccount) throws -> IntentResponse<Payload>) throws -> IntentResponse<Payload> {
        let bootstrap = try ExtensionBootstrap(identity: .intents, containerFlag: container,
                                               environment: ProcessInfo.processInfo.environment, account: .deferred)
        defer { bootstrap.finish() }
        let locked = IntentResponse<Payload>(intent, lockedCode, reason: "locked",
                                             detail: "The app is locked: open Telegram and enter the passcode.")
        var response: IntentResponse<Payload>
        // Fail-closed: an unreadable lock state counts as locked (LockStatus).
        if bootstrap.lockStatus.isLocked() {
            response = locked
        } else if let record = bootstrap.currentRecord {
            do {
                let engine = try bootstrap.openEngine(record)
                response = try body(IntentAccount(bootstrap: bootstrap, record: record, engine: engine))
            } catch let error as EngineError {
                response = IntentResponse(intent, .failure, reason: "postboxUnavailable", detail: "\(error)")
            }
            if revealsContent && bootstrap.lock.isLocked() { response = locked }
        } else {
            response = IntentResponse(intent, .unsupported, reason: "noAccount", detail: "No Telegram account is logged in.")
        }
        // Codes only: the log never carries names, numbers or text.
        bootstrap.logger.info("intent answered", metadata: ["intent": "\(intent.rawValue)", "code": "\(response.code.rawValue)",
                                                            "reason": "\(response.reason ?? "-")"])
        return response
    }
}
