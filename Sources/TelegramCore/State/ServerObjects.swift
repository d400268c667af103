import Storage
import TelegramApi

/// The server's objects as the Postbox keeps them, as TelegramCore's StoreMessage and
/// parseTelegramUser do: a message in its chat (the other user, in a private chat) with its
/// author, text, reply and edit; a user as a peer. What the Postbox has no place for yet from
/// the server (media, entities, reactions) is left out here, not invented.
enum ServerObjects {
    /// The chat a message belongs to, as a Postbox peer; nil for chats this client does not
    /// keep yet (basic groups and channels come with their own differences).
    static func chatPeer(_ peer: Api.Peer) -> PeerId? {
        guard case .peerUser(let userId) = peer else { return nil }
        return PeerId(namespace: .cloudUser, id: userId)
    }

    /// nil for messageEmpty, service messages and chats it does not keep.
    static func message(_ message: Api.Message, accountPeer: PeerId) -> Message? {
        guard case .message(let out, _, _, _, _, _, _, _, _, _, _, _, _, _, _, let id, let fromId, _, let peerId, _,
                            _, _, _, let replyTo, let date, let text, _, _, let entities, _, _, _, let editDate, _, _, let reactions, _, _,
                            _, _, _, _, _, _) = message else { return nil }
        guard let chat = chatPeer(peerId) else { return nil }
        let author = out ? accountPeer : fromId.flatMap(chatPeer) ?? chat
        var extras = MessageExtras(entities: ServerEntities.stored(entities))
        if case .messageReplyHeader(_, _, _, let replyId?, _, _, _, _, _, _, _, _) = replyTo { extras.replyTo = MessageReply(id: replyId) }
        extras.editTimestamp = editDate
        extras.reactions = Self.reactions(reactions)
        return Message(index: MessageIndex(id: MessageId(peerId: chat, id: id), timestamp: date), authorId: author, text: text,
                       isIncoming: !out, extras: extras)
    }

    /// The reactions the Postbox keeps: emoji ones with their counts, the account's own marked by
    /// their chosen order (custom emoji and paid ones are left out: there is nothing to draw them with).
    static func reactions(_ reactions: Api.MessageReactions?) -> [MessageReaction] {
        guard case .messageReactions(_, _, _, let results, _, _)? = reactions else { return [] }
        return results.compactMap { result in
            guard case .reactionCount(let chosenOrder, .reactionEmoji(let emoji), let count) = result else { return nil }
            return MessageReaction(emoji: emoji, count: count, chosenOrder: chosenOrder)
        }
    }

    /// A message's id and date, whatever its constructor.
    static func messageId(_ message: Api.Message) -> Int32? {
        switch message {
        case .message(_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, let id, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
                      _, _, _, _, _, _): id
        case .messageService(_, _, _, _, _, _, _, let id, _, _, _, _, _, _, _, _): id
        case .messageEmpty(let id, _): id
        }
    }

    static func messageDate(_ message: Api.Message) -> Int32? {
        switch message {
        case .message(_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, let date, _, _, _, _, _, _, _, _, _, _, _, _, _,
                      _, _, _, _, _, _): date
        case .messageService(_, _, _, _, _, _, _, _, _, _, _, _, let date, _, _, _): date
        case .messageEmpty: nil
        }
    }

    /// Each user's access hash, which every later request naming them must carry.
    static func accessHashes(_ users: [Api.User]) -> [(PeerId, Int64)] {
        users.compactMap(UserFields.init).compactMap { user in user.accessHash.map { (PeerId(namespace: .cloudUser, id: user.id), $0) } }
    }

    /// nil for userEmpty.
    static func peer(_ user: Api.User) -> Peer? {
        guard let user = UserFields(user) else { return nil }
        return Peer(id: PeerId(namespace: .cloudUser, id: user.id), firstName: user.firstName ?? "", lastName: user.lastName ?? "",
                    username: user.username, phone: user.phone.map { "+" + $0 }, isContact: user.isContact, isDeleted: user.isDeleted)
    }
}

/// The fields of a `user` this client keeps, read in one place: the constructor has 45.
struct UserFields {
    let id: Int64
    let accessHash: Int64?
    let firstName: String?
    let lastName: String?
    let username: String?
    let phone: String?
    let isContact: Bool
    let isDeleted: Bool

    /// nil for userEmpty.
    init?(_ user: Api.User) {
        guard case .user(_, let contact, _, let deleted, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
                         _, let id, let accessHash, let firstName, let lastName, let username, let phone, _, _, _, _, _, _, _, _,
                         _, _, _, _, _, _) = user else { return nil }
        (self.id, self.accessHash, self.firstName, self.lastName) = (id, accessHash, firstName, lastName)
        (self.username, self.phone, isContact, isDeleted) = (username, phone, contact, deleted)
    }
}
