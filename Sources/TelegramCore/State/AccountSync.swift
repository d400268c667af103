import Container
import Logging
import MTProtoKit
import Storage

/// An account's connection to its server, from its own Postbox: the server it lives on, its key
/// there (MTProtoKit's key store over the keychain table, so a new salt or key is kept), and
/// AccountStateManager's catch-up over it. The writer's (main's) work.
public enum AccountSync {
    public struct Offline: Error, CustomStringConvertible {
        public var description: String { "this account is offline (made without a server): there is no server to sync with" }
    }

    /// A client for the account's server. `onPush`: called when the server pushes updates to it.
    public static func connect(postbox: Postbox, build: BuildConfiguration, timeout: Double, logger: Logger,
                               onPush: (@Sendable ([UInt8]) -> Void)? = nil) throws -> (client: MTProtoClient, accountPeer: PeerId) {
        let (server, own) = try postbox.read { (try AccountServer.read($0), try $0.accountPeerId()) }
        guard let server, let own else { throw Offline() }
        let client = try server.client(identity: ClientIdentity(apiId: build.apiId, appVersion: build.appVersion),
                                       keyStore: PostboxAuthKeyStore(postbox: postbox), timeout: timeout, logger: logger, onPush: onPush)
        return (client, own)
    }

    /// One round on a connection made for it (`main sync`): the messages and changes waiting
    /// for the server, then a catch-up (in that order, as the running app's listener does).
    /// `pushTokenRegistration`: registered first, and a failure only logged (pushes are an addition).
    public static func catchUp(postbox: Postbox, build: BuildConfiguration, timeout: Double = 30, pushTokenRegistration: PushTokenRegistration? = nil,
                               logger: Logger = Logger(label: "sync")) throws -> AccountStateManager.Report {
        let (client, own) = try connect(postbox: postbox, build: build, timeout: timeout, logger: logger)
        defer { client.close() }
        if let pushTokenRegistration {
            do {
                try pushTokenRegistration.register(postbox: postbox, client: client, timeout: timeout, logger: logger)
            } catch {
                logger.warning("registering for pushes failed", metadata: ["error": "\(error)"])
            }
        }
        let (sent, done) = try sendWaiting(postbox: postbox, client: client, accountPeer: own, timeout: timeout, logger: logger)
        let manager = AccountStateManager(postbox: postbox, client: client, accountPeer: own, timeout: timeout, logger: logger)
        var report = try manager.catchUp()
        // The catch-up is stored: a failure here leaves the chats it emptied with their rows, empty.
        do { try manager.checkEmptiedChats() } catch { logger.warning("emptied chats not asked of the server", metadata: ["error": "\(error)"]) }
        (report.sent, report.notSent, report.operations) = (sent.sent, sent.failed, done.done + done.refused)
        return report
    }

    /// What the account did here that the server has not heard: its unsent messages, then the
    /// changes made since (an edit of a message goes after the message).
    static func sendWaiting(postbox: Postbox, client: MTProtoClient, accountPeer: PeerId, timeout: Double,
                            logger: Logger) throws -> (PendingMessageSender.Report, ServerOperationSender.Report) {
        let sent = try PendingMessageSender(postbox: postbox, client: client, accountPeer: accountPeer, timeout: timeout, logger: logger).sendAll()
        let done = try ServerOperationSender(postbox: postbox, client: client, accountPeer: accountPeer, timeout: timeout, logger: logger).sendAll()
        return (sent, done)
    }
}
