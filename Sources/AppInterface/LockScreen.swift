import Display
import Formats
import TelegramUI

/// The passcode screen while the app is locked (Telegram's PasscodeEntryController): a global
/// overlay that hides everything beneath it — the chats are not drawn at all. The passcode is
/// checked by the host's `unlock`, the policy `main unlock` applies: each failure counted
/// in the lock state, the next try made to wait longer. The lock-state file changes at once, so
/// every extension sees the app unlocked or still locked.
@MainActor
final class LockScreen {
    let controller: TextEntryController
    private let app: any AppHost
    /// The wait this screen last put under the field: taken away when the wait is over, unless
    /// something else is shown there by then.
    private var shownWait: String?

    init(app: any AppHost, onUnlocked: @escaping () -> Void) {
        self.app = app
        controller = TextEntryController(step: TextEntryStep(
            title: "Locked", lines: ["🔒 Telegram is locked.", "Enter your passcode to unlock. ^C quits."],
            label: "Passcode", isSecure: true, capacity: 64))
        controller.hidesContentBeneath = true
        controller.displaysNavigationBar = true
        controller.onSubmit = { [unowned self] text in
            do {
                try app.unlock(passcode: text)
                app.log.info("unlocked from the interface")
                onUnlocked()
                return .done
            } catch {
                shownWait = nil
                return .error("\(error)")
            }
        }
        followWait()
    }

    /// On each tick (the run loop's one a second): the wait after failed tries counts down under
    /// the field, and goes when it is over, so the person knows when to type again.
    func followWait() {
        let wait = app.unlockWait
        if wait > 0 {
            let text = UnlockPolicy.waitText(wait)
            controller.show(error: text)
            shownWait = text
        } else if let shownWait {
            if controller.error == shownWait { controller.show(error: nil) }
            self.shownWait = nil
        }
    }
}
