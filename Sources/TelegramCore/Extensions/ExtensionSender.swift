import Container
import Logging
import MTProtoKit
import Storage
import TelegramApi

/// Seed 004's service task master: while main is not running, an extension (share, intents)
/// sends its message over the network itself, on a session of its own with the account's key,
/// one process at a time (a lock in the container), writing no database. The message waits in
/// the request queue with the same random_id, so main stores it when it next runs and its own
/// send of that random_id is answered with the message the server already has: once there.
public enum ExtensionSender {
    public struct Sent: Equatable, Sendable {
        public let messageId: Int32
        public let date: Int32
    }

    /// Why the extension left the message to main: said, not thrown, as queued is a success.
    public struct NotSent: Error, CustomStringConvertible {
        public let description: String
    }

    /// Held while an extension talks to the server with the account's key.
    public static func lockPath(_ layout: ContainerLayout) -> String { layout.rootPath + "/.network-task-master.lock" }

    /// Sends `text` to `peerId` with `randomId` on a connection of its own. Throws NotSent when
    /// it could not (an offline account, no access hash, another extension holding the network
    /// for longer than `timeout`, the server unreachable or refusing).
    public static func send(text: String, to peerId: PeerId, randomId: Int64, postbox: Postbox, layout: ContainerLayout,
                            build: BuildConfiguration, timeout: Double, logger: Logger) throws(NotSent) -> Sent {
        do {
            let lock = FileLock(path: lockPath(layout))
            guard try lock.lock(within: timeout) else { throw NotSent(description: "another extension holds the account's connection") }
            defer { lock.unlock() }
            // Read-only: the key store learns salts for this session only.
            let (client, own) = try AccountSync.connect(postbox: postbox, build: build, timeout: timeout, logger: logger)
            defer { client.close() }
            let peer = try InputPeers(postbox: postbox, accountPeer: own).peer(peerId)
            let answer = try client.invoke(Api.functions.messages.SendMessage(peer: peer, message: text, randomId: randomId), timeout: timeout)
            guard let sent = PendingMessageSender.sentMessage(in: answer, randomId: randomId) else {
                throw NotSent(description: "the server's answer names no message for the random_id")
            }
            logger.info("sent over the network by the extension", metadata: ["id": "\(sent.id)"])
            return Sent(messageId: sent.id, date: sent.date)
        } catch let error as NotSent {
            throw error
        } catch is AccountSync.Offline {
            throw NotSent(description: "the account is offline (no server)")
        } catch let error as InputPeers.Unnamable {
            throw NotSent(description: error.reason)
        } catch {
            throw NotSent(description: "\(error)")
        }
    }

    /// `send`, for an extension whose request stays queued whatever happens: the server's
    /// message, or nil with why logged.
    public static func sendIfPossible(text: String, to peerId: PeerId, randomId: Int64, engine: TelegramEngine, layout: ContainerLayout,
                                      build: BuildConfiguration, timeout: Double, logger: Logger) -> Sent? {
        do {
            return try send(text: text, to: peerId, randomId: randomId, postbox: engine.postbox, layout: layout, build: build,
                            timeout: timeout, logger: logger)
        } catch {
            logger.info("left in the request queue for main to send", metadata: ["reason": "\(error)"])
            return nil
        }
    }
}
