import Cryptography
import Storage

/// The account's 256-byte push secret (Telegram's "master-notification-secret" keychain entry)
/// and its key id, the last 8 bytes of SHA-1(secret), which pushes carry to select the account.
public enum NotificationSecret {
    public static let size = NotificationPayloadCipher.secretSize

    public static func keyId(_ secret: [UInt8]) -> [UInt8] {
        NotificationPayloadCipher.keyId(ofSecret: secret)
    }

    /// The secret of an account's Postbox; an error when the account has none (never created by login).
    public static func load(_ postbox: Postbox) throws -> [UInt8] {
        guard let secret = try postbox.read({ try $0.notificationSecret() }) else {
            throw AccountLifecycle.Failure(description: "the account has no notification secret in its keychain")
        }
        return secret
    }
}
