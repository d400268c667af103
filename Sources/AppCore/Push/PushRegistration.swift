import TelegramCore
import Container
import Cryptography
import FoundationEssentials

/// What the app registers with the push server (Telegram's account.registerDevice): token type 1
/// (APNs), the device token, the account's notification secret, and the other accounts' user ids
/// so the server can route their pushes here too. Whoever holds the secret can send pushes that
/// notify-service accepts.
public struct PushRegistration: Codable, Sendable {
    public let accountId: String
    public let tokenType: Int32
    public let token: String
    public let appSandbox: Bool
    /// Base64 of the 256-byte secret.
    public let secret: String
    public let keyId: String
    public let otherUids: [Int64]

    /// The device token is stable per device and reveals nothing of the device key: 32 bytes
    /// derived from it for this one purpose.
    public static func deviceToken(_ deviceKey: DeviceKey) -> String {
        Hex.encode(KeyDerivation.key(for: "push-device-token", from: deviceKey))
    }

    public init(app: LaunchedApp, account: Account) throws {
        let secret = try NotificationSecret.load(account.postbox)
        accountId = String(account.record.id)
        tokenType = 1
        token = PushRegistration.deviceToken(app.shared.deviceKey)
        appSandbox = false
        self.secret = Data(secret).base64EncodedString()
        keyId = Hex.encode(NotificationSecret.keyId(secret))
        otherUids = app.shared.accountManager.state.activeRecords
            .filter { $0.id != account.record.id }
            .compactMap { $0.backupData?.peerId }
    }
}
