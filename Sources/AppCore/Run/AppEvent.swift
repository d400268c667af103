/// Everything the running app reacts to. Each passes through `Application.sendEvent`.
public enum AppEvent: Sendable, Equatable {
    /// The one-second timer (activity refresh, housekeeping).
    case tick
    /// A line typed on standard input: the terminal's equivalent of a touch.
    case userInput(String)
    case signal(Int32)
    /// `--duration` elapsed.
    case deadline
    /// A request arrived in `requests/pending/` (inotify).
    case requestsPending
    /// Input in the terminal interface (a key, a paste, the mouse): its dispatch hook sends one per event.
    case interfaceInput
    /// The account's server connection applied something (new messages, edits, read states).
    case serverUpdates
    /// Work the interface began off its thread finished (a login step's answer): the screens
    /// look again.
    case interfaceWork

    /// Only what a person did counts as activity for auto-lock; timers and signals don't.
    public var isUserInteraction: Bool {
        switch self {
        case .userInput, .interfaceInput: return true
        default: return false
        }
    }
}
