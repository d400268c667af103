import SiriIntents
import Storage

/// Turns hits into INMessage-like entries, reading each chat and author once.
struct FoundMessageBuilder {
    let transaction: PostboxTransaction
    private var peers: [PeerId: Peer?] = [:]

    init(transaction: PostboxTransaction) { self.transaction = transaction }

    mutating func build(_ hits: [MessageSearch.Hit]) throws -> [FoundMessage] {
        var found: [FoundMessage] = []
        for hit in hits {
            let message = hit.message
            let chat = try peer(message.id.peerId)
            let author = try message.authorId.flatMap { try peer($0) }
            found.append(FoundMessage(identifier: message.id.description, conversationIdentifier: String(message.id.peerId.toInt64()),
                                      chatTitle: chat?.displayTitle ?? "", sender: author.map { IntentPerson($0) },
                                      isOutgoing: !message.isIncoming, content: message.text, dateSent: message.index.timestamp,
                                      isRead: hit.isRead))
        }
        return found
    }

    private mutating func peer(_ id: PeerId) throws -> Peer? {
        if let known = peers[id] { return known }
        let loaded = try transaction.peer(id)
        peers[id] = loaded
        return loaded
    }
}
