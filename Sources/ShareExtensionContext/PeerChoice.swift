import Storage

/// The chat `--to PEER` names, found with PostboxTransaction.resolvePeer and narrowed to chats
/// share may send to: resolvePeer knows nothing of secret chats, which carry the other user's
/// name and would otherwise make every such name ambiguous.
enum PeerChoice {
    static func resolve(_ text: String, in t: PostboxTransaction) throws -> Peer {
        switch try t.resolvePeer(text) {
        case .found(let peer):
            guard PeerKind.isShareable(peer) else {
                throw ShareFailure("notFound", "\(text): secret chats cannot be shared to; pick another chat")
            }
            return peer
        case .ambiguous(let peers):
            let shareable = peers.filter(PeerKind.isShareable)
            if shareable.count == 1 { return shareable[0] }
            if shareable.isEmpty { throw notFound(text) }
            throw AmbiguousPeer(query: text, candidates: shareable)
        case .notFound:
            throw notFound(text)
        }
    }

    private static func notFound(_ text: String) -> ShareFailure {
        ShareFailure("notFound", "no chat matches \"\(text)\"; `share peers --query …` lists chats with their peer ids")
    }
}

/// More than one chat fits the name: nothing is sent, and the candidates are listed so the user
/// can name one by peer id (exit 3).
struct AmbiguousPeer: Error, CustomStringConvertible {
    let query: String
    let candidates: [Peer]

    var description: String {
        "\"\(query)\" matches \(candidates.count > 30 ? "more than 30" : String(candidates.count)) chats; nothing was sent. Name one by its peer id."
    }
}
