import MTProtoKit

/// Why a login step failed, as a person reads it: the server's error names (PHONE_CODE_INVALID,
/// FLOOD_WAIT_X, …) turned into what to do next. `serverError` keeps the name for --json and logs.
public struct LoginError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Codable, Sendable {
        case invalidPhone, wrongCode, codeExpired, emptyCode, invalidName, phoneTaken
        case wrongPassword, passwordCheckExpired, noPassword
        /// FLOOD_WAIT_X: try again after `waitSeconds`.
        case tooManyAttempts
        case notLoggedIn
        /// No connection, no answer, a closed session.
        case network
        /// The server's answer or the password group failed a check.
        case server
        /// The person stopped the step while it waited for the server.
        case cancelled
    }

    public let kind: Kind
    public let description: String
    public let serverError: String?
    public let waitSeconds: Int32?

    public init(_ kind: Kind, _ description: String, serverError: String? = nil, waitSeconds: Int32? = nil) {
        (self.kind, self.description, self.serverError, self.waitSeconds) = (kind, description, serverError, waitSeconds)
    }

    /// The person-facing form of what a login request threw.
    static func from(_ error: any Error) -> LoginError {
        if let error = error as? LoginError { return error }
        if let failure = error as? PasswordSRP.Failure {
            return failure == .noPassword ? LoginError(.noPassword, "this account has no two-step password") : LoginError(.server, failure.description)
        }
        if case MTProtoError.cancelled = error { return LoginError(.cancelled, "stopped before the server answered") }
        guard case MTProtoError.rpc(let rpc) = error else {
            return LoginError(.network, "cannot reach the server: \(error)")
        }
        if let seconds = rpc.floodWaitSeconds {
            return LoginError(.tooManyAttempts, "too many attempts: try again in \(Self.duration(seconds))", serverError: rpc.message, waitSeconds: seconds)
        }
        let named: (Kind, String)? = switch rpc.message {
        case "PHONE_NUMBER_INVALID": (.invalidPhone, "that phone number is not valid: give it with its country code, e.g. +44 20 7946 0000")
        case "PHONE_NUMBER_BANNED": (.invalidPhone, "that phone number is banned from Telegram")
        case "PHONE_CODE_INVALID": (.wrongCode, "wrong code: check the code Telegram sent and type it again")
        case "PHONE_CODE_EXPIRED": (.codeExpired, "the code has expired: ask for a new one")
        case "PHONE_CODE_EMPTY": (.emptyCode, "type the code Telegram sent")
        case "FIRSTNAME_INVALID": (.invalidName, "the first name is empty or too long (64 characters at most)")
        case "LASTNAME_INVALID": (.invalidName, "the last name is too long (64 characters at most)")
        case "PHONE_NUMBER_OCCUPIED": (.phoneTaken, "that phone number already has an account: sign in instead")
        case "PASSWORD_HASH_INVALID": (.wrongPassword, "wrong password")
        case "SRP_ID_INVALID", "SRP_PASSWORD_CHANGED": (.passwordCheckExpired, "the password check expired: type the password again")
        case "AUTH_KEY_UNREGISTERED", "SESSION_REVOKED", "USER_DEACTIVATED": (.notLoggedIn, "not logged in on the server")
        default: nil
        }
        if let named { return LoginError(named.0, named.1, serverError: rpc.message) }
        return LoginError(.server, "the server refused: \(rpc.message) (\(rpc.code))", serverError: rpc.message)
    }

    /// "1 min 20 s", "45 s", "2 h 5 min": a flood wait's countdown.
    public static func duration(_ seconds: Int32) -> String {
        let s = max(0, Int(seconds))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s" }
        return (s % 3600) / 60 == 0 ? "\(s / 3600) h" : "\(s / 3600) h \((s % 3600) / 60) min"
    }
}
