import Cryptography
import FoundationEssentials

/// The account's 256-byte push secret (Telegram's "master-notification-secret" keychain entry)
/// and its key id, the last 8 bytes of SHA-1(secret), which pushes carry to select the account.
public enum NotificationSecret {
    public static let keychainName = "master-notification-secret"
    public static let size = 256

    public static func keyId(_ secret: [UInt8]) -> [UInt8] {
        Array(Digest.sha1(secret)[12..<20])
    }
}
