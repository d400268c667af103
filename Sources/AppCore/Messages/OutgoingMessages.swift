import Container
import Storage

/// Storing a message the account sends: one path for the extensions' requests and for the
/// interface's composer, so both number and date messages alike (the next id in the chat, never
/// dated before the newest message).
public enum OutgoingMessages {
    /// Stores `text` as the account's newest message in `peerId`; returns its id.
    static func store(text: String, to peerId: PeerId, now: Int32, contentKind: MessageContentKind = .text,
                      mediaResourceIds: [String] = [], in t: PostboxTransaction) throws -> MessageId {
        let latest = try t.latestMessages(peerId, limit: 1).first
        let id = MessageId(peerId: peerId, id: (latest?.id.id ?? 0) + 1)
        let message = Message(index: MessageIndex(id: id, timestamp: max(now, latest?.index.timestamp ?? now)),
                              authorId: try t.accountPeerId(), text: text, isIncoming: false, contentKind: contentKind,
                              mediaResourceIds: mediaResourceIds)
        try t.addMessages([message])
        return id
    }

    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// The composer's send: the same checks as a request (the chat exists, is not deleted, is not
    /// a secret chat, the text within the limit), in one transaction.
    public static func sendText(_ text: String, to peerId: PeerId, account: AccountContext,
                                now: Int32 = Int32(clamping: Clock.unixTime())) throws -> MessageId {
        try RequestApplier.checkLimits(text: text, attachments: [])
        return try account.postbox.transaction { t in
            guard let peer = try t.peer(peerId), !peer.isDeleted else { throw Refusal(description: "no such chat") }
            guard !peer.isSecretChat else { throw Refusal(description: "secret chats are end-to-end encrypted on the phone that has their key") }
            return try store(text: text, to: peerId, now: now, in: t)
        }
    }

    /// Opening a chat reads it: incoming messages up to `index` are marked read.
    public static func markRead(_ peerId: PeerId, upTo index: MessageIndex, account: AccountContext) throws {
        try account.postbox.transaction { t in _ = try t.markIncomingRead(peerId, upTo: index.id.id) }
    }
}
