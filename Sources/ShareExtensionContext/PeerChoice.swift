import Container
import TelegramCore

/// The chat `--to PEER` names, found as the engine resolves a chat, which leaves out the chats
/// share may not send to (secret chats, deleted accounts); one the account cannot write to (a
/// channel it only reads, a group it left) is refused with why before anything is queued.
public enum PeerChoice {
    public static func resolve(_ text: String, in peers: TelegramEngine.Peers) throws -> EnginePeer {
        switch try peers.resolve(text) {
        case .found(let peer):
            if let restriction = peer.writeRestriction {
                throw ShareFailure.refused("\(peer.displayTitle): \(restriction); nothing was sent")
            }
            return peer
        case .ambiguous(let peers):
            throw AmbiguousPeer(query: text, candidates: peers)
        case .notFound:
            // Named by its id, a secret chat gets the reason rather than "no chat matches".
            if let id = Int64(text.trimmingWhitespace()), try peers.peer(EnginePeer.Id(id))?.isSecretChat == true {
                throw ShareFailure("notFound", "\(text): secret chats cannot be shared to; pick another chat")
            }
            throw notFound(text)
        }
    }

    private static func notFound(_ text: String) -> ShareFailure {
        ShareFailure("notFound", "no chat matches \"\(text)\"; `share peers --query …` lists chats with their peer ids")
    }
}

/// More than one chat fits the name: nothing is sent, and the candidates are listed so the user
/// can name one by peer id (exit 3).
public struct AmbiguousPeer: Error, CustomStringConvertible {
    let query: String
    let candidates: [EnginePeer]

    public var description: String {
        "\"\(query)\" matches \(candidates.count > 30 ? "more than 30" : String(candidates.count)) chats; nothing was sent. Name one by its peer id."
    }
}
