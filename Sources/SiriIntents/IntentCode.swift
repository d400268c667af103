/// The answer codes of Apple's Intents framework that Telegram's SiriIntents extension uses, one
/// set for every intent (INSendMessageIntentResponseCode and its siblings), plus disambiguation,
/// which Apple answers at the resolve step (`.disambiguation(with:)`).
public enum IntentCode: String, Codable, Sendable {
    case success
    /// Handed to main and not yet acknowledged: queued, applied when main runs.
    case inProgress
    /// Apple's `.failureRequiringAppLaunch`: the app must be opened (locked, for instance).
    case failureRequiringAppLaunch
    case failure
    /// Apple's `.unsupported(forReason:)`: no account, or no such recipient.
    case unsupported
    /// Apple's `.continueInApp`: the app takes over (a call).
    case continueInApp
    /// Several people fit: the candidates are listed and nothing was done.
    case needsDisambiguation

    /// 0 when the intent went through (or will, in the app), 3 when the user must choose, 1 otherwise.
    public var exitStatus: Int32 {
        switch self {
        case .success, .inProgress, .continueInApp: return 0
        case .needsDisambiguation: return 3
        case .failureRequiringAppLaunch, .failure, .unsupported: return 1
        }
    }
}

/// The intents, named after Apple's intent classes (INSendMessageIntent → sendMessage).
public enum IntentName: String, Codable, Sendable {
    case sendMessage, searchForMessages, setMessageAttribute, startCall, searchCallHistory
}
