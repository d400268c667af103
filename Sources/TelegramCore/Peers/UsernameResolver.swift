import Container
import Logging
import MTProtoKit
import Storage
import TelegramApi

/// A username no chat here has, asked of the server (contacts.resolveUsername, as Telegram's
/// resolvePeerByName does): the user it names is stored as a peer, with the access hash later
/// requests need, and its peer id returned. Nil when nobody has it.
public enum UsernameResolver {
    /// What the server answered that this client cannot open yet.
    public struct Unsupported: Error, CustomStringConvertible {
        public let username: String
        public var description: String { "@\(username) is a group or channel, which this client does not keep yet" }
    }

    static func resolve(_ username: String, postbox: Postbox, client: MTProtoClient, timeout: Double) throws -> PeerId? {
        let answer: Api.contacts.ResolvedPeer
        do {
            answer = try client.invoke(Api.functions.contacts.ResolveUsername(username: username), timeout: timeout)
        } catch MTProtoError.rpc(let error) where error.code == 400 && ["USERNAME_NOT_OCCUPIED", "USERNAME_INVALID"].contains(error.message) {
            return nil
        }
        guard case .resolvedPeer(let peer, _, let users) = answer else { return nil }
        guard let peerId = ServerObjects.chatPeer(peer) else { throw Unsupported(username: username) }
        try postbox.transaction(durable: true) { t in _ = try ServerObjects.store(users, in: t) }
        // A server that names a user it did not send is not believed.
        return try postbox.read { try $0.peer(peerId) } == nil ? nil : peerId
    }

    /// On a connection made for it (an `open` in a process with no listener, or one that must
    /// answer now): nil when nobody has it. Throws AccountSync.Offline for an offline account.
    public static func resolve(_ username: String, postbox: Postbox, build: BuildConfiguration, timeout: Double = 15,
                               logger: Logger = Logger(label: "resolve")) throws -> PeerId? {
        let (client, _) = try AccountSync.connect(postbox: postbox, build: build, timeout: timeout, logger: logger)
        defer { client.close() }
        let found = try resolve(username, postbox: postbox, client: client, timeout: timeout)
        logger.info("username looked up", metadata: ["found": "\(found != nil)"])
        return found
    }
}
