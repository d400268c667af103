import Display
import TelegramUI

/// The passcode screen while the app is locked (Telegram's PasscodeEntryController): a global
/// overlay that hides everything beneath it — the chats are not drawn at all. The passcode is
/// checked by the host's `unlock`, the policy `main unlock` applies: each failure counted
/// in the lock state, the next try made to wait longer. The lock-state file changes at once, so
/// every extension sees the app unlocked or still locked.
@MainActor
enum LockScreen {
    static func make(app: any AppHost, onUnlocked: @escaping () -> Void) -> TextEntryController {
        let controller = TextEntryController(step: TextEntryStep(
            title: "Locked", lines: ["🔒 Telegram is locked.", "Enter your passcode to unlock. ^C quits."],
            label: "Passcode", isSecure: true, capacity: 64))
        controller.hidesContentBeneath = true
        controller.displaysNavigationBar = true
        controller.onSubmit = { text in
            do {
                try app.unlock(passcode: text)
                app.log.info("unlocked from the interface")
                onUnlocked()
                return .done
            } catch {
                return .error("\(error)")
            }
        }
        return controller
    }
}
