import RequestChannel
import Container
import Storage

/// Storing a message the account sends: one path for the extensions' requests and for the
/// interface's composer, so both check the chat, number and date messages alike (the next id in
/// the chat, never dated before the newest message).
public enum OutgoingMessages {
    /// Stores `text` as the account's newest message in `peerId`; returns its id. Refused for a
    /// chat that does not exist or is deleted, and for a secret chat: its messages are end-to-end
    /// encrypted on the device that has its key (Telegram's share sheet and Siri never offer one,
    /// and neither main's requests nor its composer take one).
    ///
    /// An account on a server stores it unsent, in the local namespace with a random id, for
    /// TelegramCore's sender to deliver (PostboxTransaction.addUnsentMessage); an offline one
    /// numbers it as the chat's next id, sent.
    /// `randomId`: the one an extension sent it with already (nil: a new one).
    public static func store(text: String, to peerId: PeerId, now: Int32, contentKind: MessageContentKind = .text,
                      mediaResourceIds: [String] = [], extras: MessageExtras = MessageExtras(), randomId: Int64? = nil,
                      forwardOf: MessageId? = nil, in t: PostboxTransaction) throws -> MessageId {
        guard let peer = try t.peer(peerId), !peer.isDeleted else {
            throw RequestRefusal(description: "no chat with peer id \(peerId.toInt64())")
        }
        guard !peer.isSecretChat else {
            throw RequestRefusal(description: "cannot send to a secret chat: its messages are end-to-end encrypted on the device that has its key")
        }
        if let restriction = peer.writeRestriction { throw RequestRefusal(description: "cannot send to \(peer.displayTitle): \(restriction)") }
        let latest = try t.latestMessages(peerId, limit: 1).first
        let onServer = try t.accountHasServer()
        // Above every id the chat has: its newest message may be one of a group's history
        // exported inside it (ids below zero), or older than a higher id. A server's account
        // numbers it in the local namespace instead (addUnsentMessage), until the server does.
        let id = MessageId(peerId: peerId, id: onServer ? 0 : try t.maxMessageId(peerId) + 1)
        let message = Message(index: MessageIndex(id: id, timestamp: max(now, latest?.index.timestamp ?? now)),
                              authorId: try t.accountPeerId(), text: text, isIncoming: false, contentKind: contentKind,
                              mediaResourceIds: mediaResourceIds, extras: extras)
        if onServer {
            return try t.addUnsentMessage(message, randomId: randomId ?? MessageOutgoing.newRandomId(), forwardOf: forwardOf)
        }
        try t.addMessages([message])
        return id
    }

    /// The composer's send: the request's limits and checks, in one transaction.
    public static func sendText(_ text: String, to peerId: PeerId, postbox: Postbox,
                                now: Int32 = Int32(clamping: Clock.unixTime())) throws -> MessageId {
        try checkLimits(text: text, attachments: [])
        return try postbox.transaction { t in try store(text: text, to: peerId, now: now, in: t) }
    }

    /// Opening a chat reads it: incoming messages up to `index` are marked read.
    @discardableResult
    public static func markRead(_ peerId: PeerId, upTo index: MessageIndex, postbox: Postbox) throws -> Bool {
        try postbox.transaction { t in
            guard index.id.namespace == MessageId.cloudNamespace, try t.markIncomingRead(peerId, upTo: index.id.id) > 0 else { return false }
            try t.recordForServer(.readHistory(peerId, maxId: index.id.id))
            return true
        }
    }

    /// ShareLimits, for the composer as for a request (enforced again by main: a request file
    /// came from another process).
    public static func checkLimits(text: String, attachments: [RequestAttachment]) throws {
        guard !text.isEmpty || !attachments.isEmpty else { throw RequestRefusal(description: "an empty message") }
        guard text.utf8.count <= ShareLimits.maximumTextBytes else { throw RequestRefusal(description: "the text is over \(ShareLimits.maximumTextBytes) bytes") }
        guard attachments.count <= ShareLimits.maximumFiles else { throw RequestRefusal(description: "more than \(ShareLimits.maximumFiles) files") }
        guard attachments.allSatisfy({ (0...ShareLimits.maximumFileSize).contains($0.size) }) else {
            throw RequestRefusal(description: "a file over \(ShareLimits.maximumFileSize / (1 << 20)) MiB")
        }
    }
}
