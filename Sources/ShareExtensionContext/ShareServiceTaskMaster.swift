import Bootstrap
import Storage
import TelegramCore

/// Share as service task master (seed 004): its message queued for a main that is not running,
/// share sends it over the network itself, with the random_id the request carries, so the
/// server has it now and main, storing the request when it next runs, gets the same message
/// back for its own send. Only text and links: files wait for main.
public enum ShareServiceTaskMaster {
    /// The server's id for the message, or nil (the reason logged) when it stays for main alone.
    public static func send(text: String, to peer: Peer, randomId: Int64, session: ShareSession, timeout: Double) -> Int32? {
        do {
            let sent = try ExtensionSender.send(text: text, to: peer.id, randomId: randomId, postbox: session.postbox, layout: session.layout,
                                                build: session.bootstrap.container.configuration, timeout: timeout,
                                                logger: session.bootstrap.logger)
            return sent.messageId
        } catch {
            session.bootstrap.logger.info("left for main to send", metadata: ["reason": "\(error)"])
            return nil
        }
    }
}
