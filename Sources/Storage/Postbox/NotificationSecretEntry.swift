/// The account's push secret lives in its keychain table under Telegram's name.
extension PostboxTransaction {
    public static let notificationSecretKeychainName = "master-notification-secret"

    public func notificationSecret() throws -> [UInt8]? {
        try keychainEntry(PostboxTransaction.notificationSecretKeychainName)
    }

    public func setNotificationSecret(_ secret: [UInt8]) throws {
        try setKeychainEntry(PostboxTransaction.notificationSecretKeychainName, secret)
    }
}
