import CommandLineSupport
import Container
import Logging
import MTProtoKit
import TelegramCore

/// `main login` against a server, from the phone to the logged-in user: the code asked for
/// (given, typed, or read from standard input), a name for a number without an account, the
/// two-step password when the account has one. A wrong code or password is asked again on a
/// terminal (three tries), and is the command's error otherwise. The key it happens on becomes
/// the account's (ServerLogin carries it to the writer).
struct ServerLoginConversation {
    let target: LoginServerTarget
    let phone: String
    let code: String?
    let name: String?
    let passwordFile: String?
    let input: LoginInputReader

    struct Outcome {
        let login: ServerLogin
        let signedUp: Bool
    }

    static let tries = 3

    func run(logger: Logger) throws -> Outcome {
        let keys = MemoryAuthKeyStore()
        let client = target.client(keys: keys, logger: logger)
        defer { client.close() }
        let flow = LoginFlow(client: client, apiId: target.identity.apiId, apiHash: target.apiHash, timeout: target.timeout)
        var step = try flow.sendCode(phone: phone)
        var signedUp = false
        var codeTries = 0, passwordTries = 0
        while true {
            switch step {
            case .codeSent(let length, let via):
                codeTries += 1
                if codeTries == 1 && code == nil && input.interactive {
                    StandardStreams.writeLine("Telegram sent a code\(length.map { " of \($0) digits" } ?? "") (by \(via)).")
                }
                let typed = codeTries == 1 ? code : nil
                guard let value = typed ?? input.line(prompt: "Code: "), !value.isEmpty else {
                    throw LoginError(.emptyCode, "the server sent a code: give it with --code, or type it (on a terminal) or on standard input")
                }
                step = try retrying(codeTries, keep: step) { () throws(LoginError) in try flow.signIn(code: value) }
            case .signUpRequired:
                guard let (first, last) = try newName() else {
                    throw LoginError(.invalidName, "\(phone) has no Telegram account yet: give --name \"First Last\" to sign up")
                }
                step = try flow.signUp(firstName: first, lastName: last)
                signedUp = true
            case .passwordNeeded(let hint):
                passwordTries += 1
                let password = try self.password(hint: hint, attempt: passwordTries)
                step = try retrying(passwordTries, keep: step) { () throws(LoginError) in try flow.checkPassword(password) }
            case .loggedIn(let user):
                return Outcome(login: try ServerLogin(user: user, client: client, keys: keys, configuration: target.configuration), signedUp: signedUp)
            }
        }
    }

    /// On a terminal a wrong code or password is said and asked again (the same step), up to
    /// `tries` times; anything else, and every failure off a terminal, ends the login.
    private func retrying(_ attempt: Int, keep step: LoginFlow.Step, _ body: () throws(LoginError) -> LoginFlow.Step) throws -> LoginFlow.Step {
        let result: Result<LoginFlow.Step, LoginError>
        do { result = .success(try body()) } catch { result = .failure(error) }
        switch result {
        case .success(let next):
            return next
        case .failure(let error):
            let askAgain = input.interactive && attempt < Self.tries && [.wrongCode, .wrongPassword, .passwordCheckExpired].contains(error.kind)
            guard askAgain else { throw error }
            StandardStreams.writeError(error.description)
            return step
        }
    }

    private func newName() throws -> (String, String)? {
        let text = name ?? (input.interactive ? input.line(prompt: "No account has \(phone) yet. Your name (First Last) to sign up: ") : nil)
        guard let text, !text.trimmingWhitespace().isEmpty else { return nil }
        let parts = text.trimmingWhitespace().split(separator: " ", maxSplits: 1)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]).trimmingWhitespace() : "")
    }

    private func password(hint: String?, attempt: Int) throws -> String {
        if let passwordFile, attempt == 1 {
            guard let bytes = try? FileSystem.readFile(passwordFile, limit: 4096, followLinks: true), let text = String(validating: bytes, as: UTF8.self) else {
                throw LoginError(.wrongPassword, "cannot read the password file \(passwordFile)")
            }
            return String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        }
        let prompt = "Two-step password\(hint.flatMap { $0.isEmpty ? nil : " (hint: \($0))" } ?? ""): "
        guard let password = input.line(prompt: prompt, echo: false), !password.isEmpty else {
            throw LoginError(.wrongPassword, "the account has a two-step password: give it with --password-file FILE, or type it (on a terminal) or on standard input")
        }
        return password
    }
}
