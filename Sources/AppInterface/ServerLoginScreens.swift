import Container
import Display
import Formats
import TelegramCore
import TelegramUI

/// The login against a server, as Telegram's login screens go: the phone number (auth.sendCode),
/// the code (auth.signIn), a name when the number has no account yet (auth.signUp), the two-step
/// password when the account has one (SRP). Each step runs on the session's thread while the
/// screen says what it waits for; its answer comes back with the next refresh. Refusals are said
/// as a person reads them (a wrong code asks again); a flood wait counts down under the field
/// and Enter waits for it. Esc while a step waits for the server stops it (its request dropped)
/// and gives the field back. Logged in, the account is stored as `main login --server` stores it.
@MainActor
final class ServerLoginScreens {
    let controller: TextEntryController
    private let app: any AppHost
    private let session: ServerLoginSession
    private let onLoggedIn: () -> Void
    /// The flood wait's end (monotonic nanoseconds), while the server asks to wait.
    private var waitUntil: UInt64?

    init(app: any AppHost, session: ServerLoginSession, title: String, onLoggedIn: @escaping () -> Void, onCancel: (() -> Void)?) {
        (self.app, self.session, self.onLoggedIn) = (app, session, onLoggedIn)
        controller = TextEntryController(step: TextEntryStep(
            title: title,
            lines: ["Your phone number", "Please confirm your country code and enter your phone number.",
                    "Logging in to \(session.target.label)."],
            label: "Phone", capacity: 24, initialText: "+"))
        controller.validate = { [unowned controller] text in
            controller.step.label == "Phone" ? LoginInput.phoneProblem(text) : controller.step.label == "Name" ? LoginInput.nameProblem(text) : nil
        }
        // The controller holds this object through its closures until the login ends (`end`).
        controller.onSubmit = { [self] text in submit(text) }
        controller.onRefresh = { [self] in refresh() }
        controller.onStopWork = { [self] in
            session.cancelStep()
            return "Stopped before the server answered: Enter sends it again."
        }
        controller.onCancel = onCancel.map { cancel in { [self] in
            end()
            cancel()
        } }
    }

    /// The login is over: its connection closed, the screen no longer holds this object.
    private func end() {
        session.close()
        controller.onSubmit = nil
        controller.onRefresh = nil
        controller.onStopWork = nil
        controller.onCancel = nil
    }

    private func submit(_ text: String) -> TextEntryOutcome {
        if let wait = remainingWait { return .error(Self.waitText(wait)) }
        let (started, working): (Bool, String)
        switch controller.step.label {
        case "Phone":
            (started, working) = (session.sendCode(phone: text), "Sending the code…")
        case "Code":
            (started, working) = (session.signIn(code: text), "Checking the code…")
        case "Name":
            let parts = text.trimmingWhitespace().split(separator: " ", maxSplits: 1).map(String.init)
            (started, working) = (session.signUp(firstName: parts.first ?? "", lastName: parts.count > 1 ? parts[1].trimmingWhitespace() : ""),
                                  "Signing up…")
        default:
            (started, working) = (session.checkPassword(text), "Checking the password…")
        }
        // The step stopped with Esc may take a moment to end.
        return started ? .working(working) : .error("The last step is still ending: press Enter again.")
    }

    /// The step's answer, if it came; the wait's countdown.
    private func refresh() {
        if let result = session.takeFinished() { take(result) }
        if let wait = remainingWait {
            controller.show(error: Self.waitText(wait))
        } else if waitUntil != nil {
            waitUntil = nil
            controller.show(error: nil)
        }
    }

    private func take(_ result: ServerLoginSession.Result) {
        switch result {
        case .step(.codeSent(let length, let via)):
            controller.finish(.next(TextEntryStep(
                title: "Code", lines: ["Telegram sent a code\(length.map { " of \($0) digits" } ?? "") (by \(via)).", "Enter it here."],
                label: "Code", capacity: 16)))
        case .step(.signUpRequired):
            controller.finish(.next(TextEntryStep(
                title: "Your Name", lines: ["This number has no Telegram account yet.", "Enter your name to sign up: first, then last (optional)."],
                label: "Name", capacity: 128)))
        case .step(.passwordNeeded(let hint)):
            controller.finish(.next(TextEntryStep(
                title: "Two-Step Verification",
                lines: ["Your account is protected with an additional password."] + (hint.flatMap { $0.isEmpty ? nil : ["Hint: \($0)"] } ?? []),
                label: "Password", isSecure: true, capacity: 256)))
        case .step(.loggedIn):
            // The session turns a login into `.loggedIn(ServerLogin)` with its key.
            controller.finish(.error("logged in, but the login's key is missing: try again"))
        case .loggedIn(let login):
            do {
                let accountId = try app.logIn(login)
                app.log.info("logged in on the server from the interface", metadata: ["account": "\(accountId)", "user": "\(login.user.id)"])
                controller.finish(.done)
                end()
                onLoggedIn()
            } catch {
                controller.finish(.error("\(error)"))
            }
        case .failed(let error) where error.kind == .cancelled:
            // Stopped with Esc: the screen said so then, and the field is the person's already.
            break
        case .failed(let error):
            if error.kind == .tooManyAttempts, let seconds = error.waitSeconds {
                waitUntil = Clock.monotonicNanoseconds() + UInt64(max(seconds, 0)) * 1_000_000_000
                controller.finish(.error(Self.waitText(seconds)))
            } else {
                controller.finish(.error(error.description))
            }
        }
    }

    /// Whole seconds still to wait (rounded up), nil when none.
    private var remainingWait: Int32? {
        guard let waitUntil else { return nil }
        let now = Clock.monotonicNanoseconds()
        guard waitUntil > now else { return nil }
        return Int32(clamping: (waitUntil - now + 999_999_999) / 1_000_000_000)
    }

    static func waitText(_ seconds: Int32) -> String {
        "Too many attempts: try again in \(LoginError.duration(seconds))"
    }
}
