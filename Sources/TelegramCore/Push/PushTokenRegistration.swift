import Logging
import MTProtoKit
import Storage
import TelegramApi

/// Telegram iOS hands the push token to the account's network when it arrives and registers it
/// with the server (`account.registerDevice`, with the notification secret notify-service
/// decrypts with). Here the token is the push relay's for this container.
public struct PushTokenRegistration: Sendable, Equatable {
    public let relay: PushRelay
    /// The container the relay starts notify-service on (`--container`).
    public let containerPath: String

    public init(relay: PushRelay, containerPath: String) {
        (self.relay, self.containerPath) = (relay, containerPath)
    }

    /// Asks the relay for the token, then registers it and the account's secret on `client`'s
    /// server. Returns the token.
    @discardableResult
    public func register(postbox: Postbox, client: MTProtoClient, timeout: Double, logger: Logger) throws -> String {
        let token = try relay.token(container: containerPath, timeout: min(timeout, 10))
        let secret = try NotificationSecret.load(postbox)
        _ = try client.invoke(Api.functions.account.RegisterDevice(tokenType: PushRelay.tokenType, token: token, appSandbox: false,
                                                                    secret: secret, otherUids: []), timeout: timeout)
        logger.info("registered for pushes", metadata: ["token": "\(token)"])
        return token
    }
}
