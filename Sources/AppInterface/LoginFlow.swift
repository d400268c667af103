import Display
import Formats
import TelegramUI

/// The authorization sequence (Telegram's unauthorized root and its LoginViewController). Started
/// for a server (`main run --server` or `--environment`), it logs in there (ServerLoginScreens);
/// otherwise it creates an offline account, and says so: the phone number, then the name, each
/// checked as it is typed with the rules `main login` applies (`LoginInput`). Success creates the
/// account as `main login` does and hands over to `onLoggedIn`, which swaps the root for the tabs
/// in the same process. As the root it has no way back; added from Settings it is a sheet Esc
/// closes.
@MainActor
enum LoginFlow {
    static func make(app: any AppHost, refreshSoon: @escaping @Sendable () -> Void, onLoggedIn: @escaping () -> Void,
                     onCancel: (() -> Void)? = nil) -> TextEntryController {
        let title = app.signedInCount > 0 ? "Add Account" : "Telegram"
        if let session = app.serverLogin(wake: refreshSoon) {
            return ServerLoginScreens(app: app, session: session, title: title, onLoggedIn: onLoggedIn, onCancel: onCancel).controller
        }
        let phoneStep = TextEntryStep(
            title: title,
            lines: ["Your phone number", "Please confirm your country code and enter your phone number.",
                    "", "This makes an offline account: a demo that never connects.",
                    "To log in to a server, start main with --server HOST:PORT or --environment."],
            label: "Phone", capacity: 24, initialText: "+")
        let controller = TextEntryController(step: phoneStep)
        var phone = ""
        controller.validate = { [unowned controller] text in
            controller.step.label == "Phone" ? LoginInput.phoneProblem(text) : LoginInput.nameProblem(text)
        }
        controller.onCancel = onCancel
        controller.onSubmit = { [unowned controller] text in
            if controller.step.label == "Phone" {
                phone = text
                return .next(TextEntryStep(title: "Your Name", lines: ["Enter your name: first, then last (optional)."],
                                           label: "Name", capacity: 128))
            }
            do {
                let accountId = try app.logIn(phone: phone, name: text)
                app.log.info("logged in from the interface", metadata: ["account": "\(accountId)"])
                onLoggedIn()
                return .done
            } catch {
                return .error("\(error)")
            }
        }
        return controller
    }
}
