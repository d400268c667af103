import AppCore
import TelegramUI

/// What the app's screens need from the launched app, and nothing more: so the wiring's own
/// decisions (the root, the lock, the links, the settings applied, the activity title) run over a
/// fake in tests. `LaunchedAppHost` is the app's.
@MainActor
protocol AppHost: AnyObject, AccountActions, PasscodeActions, CallActions {
    /// The strings and settings as the app has them now (a change made anywhere shows here).
    var presentation: PresentationDataAndSettings { get }
    /// Changes the shared settings, as `main settings` does; `presentation` follows.
    func updateSettings(_ change: (inout AppSettings.Values) -> Void) throws
    /// The first handed-over command running in the background, if any ("Importing", 42).
    var backgroundProgress: (label: String, percent: Int)? { get }
    /// The chat a link named, once.
    func takeLinkToOpen() -> LinkToOpen?
    var log: InterfaceLog { get }
}
