import MTProtoKit
import TelegramApi
import TLSerialization

/// Logging in to Telegram, as TelegramCore's authorization does for Telegram iOS: the phone
/// (auth.sendCode), the code (auth.signIn), a new account's name (auth.signUp), the two-step
/// password (account.getPassword, then auth.checkPassword with the SRP proof), and logging out
/// (auth.logOut). The auth key this happens on is the account's from then on. Each step blocks
/// until the server answers; errors come as `LoginError`.
public final class LoginFlow {
    /// Where a step left the login.
    public enum Step: Equatable, Sendable {
        /// The code was sent; `codeLength` digits, by `via` ("app", "sms", "call", …).
        case codeSent(codeLength: Int32?, via: String)
        /// The number has no account: give a name to sign up.
        case signUpRequired
        /// The account has a two-step password; `hint` is what its owner left as a reminder.
        case passwordNeeded(hint: String?)
        case loggedIn(AuthorizedUser)
    }

    private let client: MTProtoClient
    private let apiId: Int32
    private let apiHash: String
    private let timeout: Double
    private var phone: String?
    private var phoneCodeHash: String?
    /// Stops the step's requests when cancelled (a person gave up waiting); nil: none.
    public var cancellation: RequestCancellation?

    public init(client: MTProtoClient, apiId: Int32, apiHash: String, timeout: Double = 30) {
        (self.client, self.apiId, self.apiHash, self.timeout) = (client, apiId, apiHash, timeout)
    }

    /// "+44 20 7946 0000" → "442079460000", as Telegram takes it; nil when it is not 5 to 15 digits.
    public static func normalizedPhone(_ text: String) -> String? {
        let kept = text.filter { !" ()-.".contains($0) }
        let digits = kept.hasPrefix("+") ? String(kept.dropFirst()) : kept
        guard (5...15).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return digits
    }

    public func sendCode(phone text: String) throws(LoginError) -> Step {
        guard let phone = Self.normalizedPhone(text) else {
            throw LoginError(.invalidPhone, "'\(text)' is not a phone number: give it with its country code, e.g. +44 20 7946 0000")
        }
        let settings = Api.CodeSettings.codeSettings(allowFlashcall: false, currentNumber: false, allowAppHash: false, allowMissedCall: false,
                                                     allowFirebase: false, unknownNumber: false, logoutTokens: nil, token: nil, appSandbox: nil)
        let sent = try call(Api.functions.auth.SendCode(phoneNumber: phone, apiId: apiId, apiHash: apiHash, settings: settings))
        self.phone = phone
        switch sent {
        case .sentCode(let type, let hash, _, _):
            phoneCodeHash = hash
            return Self.describe(type)
        case .sentCodeSuccess(let authorization):
            return try step(authorization)
        case .sentCodePaymentRequired:
            throw LoginError(.server, "the server asks for a payment before it sends a code, which this client does not do")
        }
    }

    public func signIn(code: String) throws(LoginError) -> Step {
        let (phone, hash) = try pending()
        let trimmed = code.filter { !$0.isWhitespace && $0 != "-" }
        guard !trimmed.isEmpty else { throw LoginError(.emptyCode, "type the code Telegram sent") }
        do throws(LoginError) {
            return try step(try call(Api.functions.auth.SignIn(phoneNumber: phone, phoneCodeHash: hash, phoneCode: trimmed)))
        } catch where error.serverError == "SESSION_PASSWORD_NEEDED" {
            return .passwordNeeded(hint: try passwordHint())
        } catch {
            throw error
        }
    }

    public func signUp(firstName: String, lastName: String) throws(LoginError) -> Step {
        let (phone, hash) = try pending()
        return try step(try call(Api.functions.auth.SignUp(phoneNumber: phone, phoneCodeHash: hash, firstName: firstName, lastName: lastName)))
    }

    /// Asks for a fresh challenge each time: the server's srp_id is good for one check.
    public func checkPassword(_ password: String) throws(LoginError) -> Step {
        let state = try call(Api.functions.account.GetPassword())
        let proof: Api.InputCheckPasswordSRP
        do {
            proof = try PasswordSRP.check(password: password, challenge: try PasswordSRP.Challenge(state))
        } catch {
            throw LoginError.from(error)
        }
        return try step(try call(Api.functions.auth.CheckPassword(password: proof)))
    }

    /// Ends the authorization on the server; the key is useless afterwards.
    public func logOut() throws(LoginError) {
        _ = try call(Api.functions.auth.LogOut())
    }

    private func passwordHint() throws(LoginError) -> String? {
        guard case .password(_, _, _, _, _, _, let hint, _, _, _, _, _, _) = try call(Api.functions.account.GetPassword()) else { return nil }
        return hint
    }

    private func pending() throws(LoginError) -> (String, String) {
        guard let phone, let phoneCodeHash else { throw LoginError(.codeExpired, "no code was asked for yet: send the phone number first") }
        return (phone, phoneCodeHash)
    }

    private func step(_ authorization: Api.auth.Authorization) throws(LoginError) -> Step {
        switch authorization {
        case .authorization(_, _, _, _, let user):
            guard let user = AuthorizedUser(user) else { throw LoginError(.server, "the server logged in no user (userEmpty)") }
            return .loggedIn(user)
        case .authorizationSignUpRequired:
            return .signUpRequired
        }
    }

    private func call<F: TLFunction>(_ function: F) throws(LoginError) -> F.Result {
        do {
            return try client.invoke(function, timeout: timeout, cancellation: cancellation)
        } catch {
            throw LoginError.from(error)
        }
    }

    private static func describe(_ type: Api.auth.SentCodeType) -> Step {
        switch type {
        case .sentCodeTypeApp(let length): .codeSent(codeLength: length, via: "app")
        case .sentCodeTypeSms(let length): .codeSent(codeLength: length, via: "sms")
        case .sentCodeTypeCall(let length): .codeSent(codeLength: length, via: "call")
        case .sentCodeTypeFragmentSms(_, let length): .codeSent(codeLength: length, via: "fragment")
        case .sentCodeTypeFirebaseSms(_, _, _, _, _, let length): .codeSent(codeLength: length, via: "sms")
        case .sentCodeTypeEmailCode(_, _, _, let length, _, _): .codeSent(codeLength: length, via: "email")
        case .sentCodeTypeMissedCall(_, let length): .codeSent(codeLength: length, via: "missed call")
        case .sentCodeTypeFlashCall: .codeSent(codeLength: nil, via: "flash call")
        case .sentCodeTypeSetUpEmailRequired: .codeSent(codeLength: nil, via: "email (set one up first)")
        case .sentCodeTypeSmsWord, .sentCodeTypeSmsPhrase: .codeSent(codeLength: nil, via: "sms")
        }
    }
}
