import Display
import Formats
import TelegramUI

/// The authorization sequence (Telegram's unauthorized root and its LoginViewController):
/// the phone number, then the name, each checked as it is typed with the rules `main login`
/// applies (`LoginInput`). Success creates the account as `main login` does and hands over to
/// `onLoggedIn`, which swaps the root for the tabs in the same process. As the root it has no
/// way back; added from Settings it is a sheet Esc closes.
@MainActor
enum LoginFlow {
    static func make(app: any AppHost, onLoggedIn: @escaping () -> Void, onCancel: (() -> Void)? = nil) -> TextEntryController {
        let others = app.signedInCount
        let phoneStep = TextEntryStep(
            title: others > 0 ? "Add Account" : "Telegram",
            lines: ["Your phone number", "Please confirm your country code and enter your phone number."],
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
