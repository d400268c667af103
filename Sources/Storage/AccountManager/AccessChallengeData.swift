import FoundationEssentials

/// The app passcode. Telegram stores the passcode itself in `accessChallengeData`; here only a
/// salted PBKDF2-SHA256 hash is kept, so reading atomic-state reveals nothing to try offline cheaply.
public struct AccessChallengeData: Codable, Equatable, Sendable {
    public struct PasscodeHash: Codable, Equatable, Sendable {
        /// "numerical" for digits only, else "plaintext" (Telegram's two kinds).
        public var kind: String
        public var salt: Data
        public var iterations: Int
        public var hash: Data

        public init(kind: String, salt: Data, iterations: Int, hash: Data) {
            self.kind = kind
            self.salt = salt
            self.iterations = iterations
            self.hash = hash
        }
    }

    public var passcode: PasscodeHash?

    public init(passcode: PasscodeHash?) { self.passcode = passcode }

    public static let none = AccessChallengeData(passcode: nil)
}
