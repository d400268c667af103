import Storage
import TelegramApi

/// The server's objects as the Postbox keeps them, as TelegramCore's StoreMessage and
/// parseTelegramUser do: a message in its chat (the other user, in a private chat) with its
/// author, text, entities, reply, edit, reactions and its photo or document (described, fetched
/// when asked for); a user as a peer. What the Postbox has no place for yet from the server
/// (other media: polls, stickers' sets, webpages…) is left out here, not invented.
enum ServerObjects {
    /// The chat a message belongs to, as a Postbox peer: a user (a private chat) or a basic
    /// group, which share the account's pts and ids, or a channel or supergroup, which numbers
    /// its own (ChannelUpdates).
    static func chatPeer(_ peer: Api.Peer) -> PeerId? {
        switch peer {
        case .peerUser(let userId): PeerId(namespace: .cloudUser, id: userId)
        case .peerChat(let chatId): PeerId(namespace: .cloudGroup, id: chatId)
        case .peerChannel(let channelId): PeerId(namespace: .cloudChannel, id: channelId)
        }
    }

    /// nil for messageEmpty and chats it does not keep. A service message's text is its line, made
    /// by `named` once the users it names are stored.
    static func message(_ message: Api.Message, accountPeer: PeerId) -> Message? {
        pinnedMessage(message, accountPeer: accountPeer)?.message
    }

    /// The message and whether it is pinned in its chat (the server's flag on it), read in one
    /// match: a catch-up reads a hundred thousand.
    static func pinnedMessage(_ message: Api.Message, accountPeer: PeerId) -> (message: Message, pinned: Bool)? {
        if case .messageService(let out, _, _, _, _, _, _, let id, let fromId, let peerId, _, let replyTo, let date, let action, _, _) = message {
            guard let chat = chatPeer(peerId), let service = ServerServiceActions.stored(action) else { return nil }
            var extras = MessageExtras(replyTo: reply(replyTo))
            extras.service = service
            return (Message(index: MessageIndex(id: MessageId(peerId: chat, id: id), timestamp: date),
                            authorId: authorId(out: out, from: fromId, in: chat, accountPeer: accountPeer), text: "", isIncoming: !out, extras: extras), false)
        }
        guard case .message(let out, _, _, _, _, _, _, _, let pinned, _, _, _, _, _, _, let id, let fromId, _, let peerId, _,
                            let fwdFrom, _, _, let replyTo, let date, let text, let media, _, let entities, _, _, _, let editDate, _, _, let reactions, _, _,
                            _, _, _, _, _, _) = message else { return nil }
        guard let chat = chatPeer(peerId) else { return nil }
        let author = authorId(out: out, from: fromId, in: chat, accountPeer: accountPeer)
        var extras = MessageExtras(entities: ServerEntities.stored(entities), replyTo: reply(replyTo))
        if case .messageFwdHeader(_, _, let originId, let originName, let originDate, _, _, _, _, _, _, _, _)? = fwdFrom {
            // The name is filled in from the peer where it is stored (`named`).
            extras.forward = MessageForward(from: originName, fromId: originId.flatMap(chatPeer), date: originDate)
        }
        extras.editTimestamp = editDate
        extras.reactions = Self.reactions(reactions)
        if let file = media.flatMap(Self.file) { extras.media = [.file(file)] }
        return (Message(index: MessageIndex(id: MessageId(peerId: chat, id: id), timestamp: date), authorId: author, text: text,
                       isIncoming: !out, extras: extras), pinned)
    }

    /// A message's chat and author, read without making the message: nil where `message` is nil.
    static func chatAndAuthor(_ message: Api.Message, accountPeer: PeerId) -> (chat: PeerId, author: PeerId)? {
        switch message {
        case .message(let out, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, let fromId, _, let peerId, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
                      _, _, _, _, _, _, _, _, _, _):
            guard let chat = chatPeer(peerId) else { return nil }
            return (chat, authorId(out: out, from: fromId, in: chat, accountPeer: accountPeer))
        case .messageService(let out, _, _, _, _, _, _, _, let fromId, let peerId, _, _, _, let action, _, _):
            guard let chat = chatPeer(peerId), ServerServiceActions.stored(action) != nil else { return nil }
            return (chat, authorId(out: out, from: fromId, in: chat, accountPeer: accountPeer))
        case .messageEmpty:
            return nil
        }
    }

    /// Who wrote a message: the account for its own, else its sender, else the chat (a channel's post).
    private static func authorId(out: Bool, from: Api.Peer?, in chat: PeerId, accountPeer: PeerId) -> PeerId {
        out ? accountPeer : from.flatMap(chatPeer) ?? chat
    }

    /// The message of the same chat a message answers (or, for a pin's service message, pinned).
    private static func reply(_ header: Api.MessageReplyHeader?) -> MessageReply? {
        guard case .messageReplyHeader(_, _, _, let replyId?, _, _, _, _, _, _, _, _)? = header else { return nil }
        return MessageReply(id: replyId)
    }

    /// A draft as the server keeps it (one of this account's other sessions saved it): nil for
    /// draftMessageEmpty (cleared), with the time it was saved or cleared.
    static func draft(_ draft: Api.DraftMessage) -> (ChatDraft?, Int32?) {
        switch draft {
        case .draftMessageEmpty(let date):
            return (nil, date)
        case .draftMessage(_, _, let replyTo, let text, let entities, _, let date, _, _):
            var reply: MessageReply?
            if case .inputReplyToMessage(let id, _, _, _, _, _, _, _)? = replyTo { reply = MessageReply(id: id) }
            return (ChatDraft(text: text, entities: ServerEntities.stored(entities), replyTo: reply, timestamp: date), date)
        }
    }

    /// What a message from the server names by id, named as the Postbox's peers are: a forward's
    /// origin (the server names only a hidden one), and a service message's actor and users, in
    /// its line.
    static func named(_ message: Message, in t: PostboxTransaction) throws -> Message {
        if message.extras.isService { return try ServerServiceActions.named(message, in: t) }
        guard var forward = message.extras.forward, forward.from == nil, let origin = forward.fromId, let peer = try t.peer(origin) else { return message }
        forward.from = peer.displayTitle
        var named = message
        named.extras.forward = forward
        return named
    }

    /// `edited` (the server's copy) with `stored`'s file when that file is here already (fetched,
    /// or sent from here): an edit of the text does not send it back to the server.
    static func keepingFetchedFile(of stored: Message, in edited: Message) -> Message {
        guard case .file(let here)? = stored.extras.media.first, here.isIncluded, !stored.mediaResourceIds.isEmpty,
              case .file(let there)? = edited.extras.media.first, there.serverFile != nil else { return edited }
        var result = edited
        result.extras.media = stored.extras.media
        result.mediaResourceIds = stored.mediaResourceIds
        return result
    }

    /// A photo (its largest size) or a document, described and left on the server until the
    /// person asks for it (ServerFileDownloads). Other media are left out, not invented.
    static func file(_ media: Api.MessageMedia) -> MessageFile? {
        switch media {
        case .messageMediaPhoto(let spoiler, .photo(_, let id, let accessHash, let reference, _, let sizes, _, let dc)?, _):
            var largest: (type: String, w: Int32, h: Int32, size: Int64)?
            for size in sizes {
                let candidate: (String, Int32, Int32, Int64)
                switch size {
                case .photoSize(let type, let w, let h, let bytes): candidate = (type, w, h, Int64(bytes))
                case .photoSizeProgressive(let type, let w, let h, let steps): candidate = (type, w, h, Int64(steps.max() ?? 0))
                default: continue
                }
                if largest.map({ Int64($0.w) * Int64($0.h) < Int64(candidate.1) * Int64(candidate.2) }) ?? true { largest = candidate }
            }
            guard let largest else { return nil }
            return MessageFile(kind: "photo", size: largest.size, width: largest.w, height: largest.h,
                               availability: .onServer(ServerFile(isPhoto: true, id: id, accessHash: accessHash, fileReference: reference,
                                                                  datacenter: dc, thumbSize: largest.type)),
                               hasSpoiler: spoiler)
        case .messageMediaDocument(_, let spoiler, _, _, _, .document(let id, let accessHash, let reference, _, let mime, let size, _, _, let dc,
                                                                      let attributes)?, _, _, _, _):
            let name = attributes.lazy.compactMap { attribute -> String? in
                if case .documentAttributeFilename(let name) = attribute { return name }
                return nil
            }.first
            return MessageFile(kind: "file", fileName: name, mimeType: mime.isEmpty ? nil : mime, size: size,
                               availability: .onServer(ServerFile(isPhoto: false, id: id, accessHash: accessHash, fileReference: reference,
                                                                  datacenter: dc, thumbSize: "")),
                               hasSpoiler: spoiler)
        default:
            return nil
        }
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

    /// The chat a message is in, whatever its constructor.
    static func messagePeer(_ message: Api.Message) -> Api.Peer? {
        switch message {
        case .message(_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, let peerId, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
                      _, _, _, _, _, _): peerId
        case .messageService(_, _, _, _, _, _, _, _, _, let peerId, _, _, _, _, _, _): peerId
        case .messageEmpty(_, let peerId): peerId
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

    /// The users as peers, with the access hash every later request naming them must carry;
    /// how many were users (not userEmpty).
    static func store(_ users: [Api.User], in t: PostboxTransaction) throws -> Int {
        let peers = users.compactMap(peer)
        for peer in peers { try t.updatePeer(peer) }
        for user in users.compactMap(UserFields.init) {
            if let hash = user.accessHash { try t.setAccessHash(PeerId(namespace: .cloudUser, id: user.id), hash) }
        }
        return peers.count
    }

    /// The basic groups, channels and supergroups as peers, with their titles, the account's
    /// rights in them (not from a min channel, which does not carry them) and a channel's
    /// access hash; what else the Postbox had of one, its photo, stays. How many were stored.
    static func store(_ chats: [Api.Chat], in t: PostboxTransaction) throws -> Int {
        var count = 0
        for chat in chats.compactMap(ChatFields.init) {
            var peer = try t.peer(chat.id) ?? Peer(id: chat.id)
            peer.title = chat.title
            if let rights = chat.rights { peer.rights = rights }
            if let members = chat.memberCount { peer.memberCount = members }
            try t.updatePeer(peer)
            if let accessHash = chat.accessHash { try t.setAccessHash(chat.id, accessHash) }
            count += 1
        }
        return count
    }

    /// A chat's peer id: a basic group's, a channel's; nil for chatEmpty.
    static func chatId(_ chat: Api.Chat) -> PeerId? { ChatFields(chat)?.id }

    /// A channel's id and the access hash requests may use (none for a min channel).
    static func channelAccessHash(_ chat: Api.Chat) -> (id: Int64, hash: Int64)? {
        guard let chat = ChatFields(chat), chat.id.namespace == .cloudChannel, let hash = chat.accessHash else { return nil }
        return (chat.id.id, hash)
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
    let status: Api.UserStatus?

    /// nil for userEmpty.
    init?(_ user: Api.User) {
        guard case .user(_, let contact, _, let deleted, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
                         _, let id, let accessHash, let firstName, let lastName, let username, let phone, _, let status, _, _, _, _, _, _,
                         _, _, _, _, _, _) = user else { return nil }
        (self.id, self.accessHash, self.firstName, self.lastName) = (id, accessHash, firstName, lastName)
        (self.username, self.phone, isContact, isDeleted, self.status) = (username, phone, contact, deleted, status)
    }
}

/// The fields of a chat this client keeps, read in one match: a channel's constructor has 49.
struct ChatFields {
    let id: PeerId
    let title: String
    /// A channel's access hash: not a "min" channel's, which only stands for the real one in a
    /// message and may not be used in requests (core.telegram.org/api/min).
    let accessHash: Int64?
    /// nil: not said (a min channel).
    let rights: PeerRights?
    /// How many members (subscribers) it has; nil: not said.
    var memberCount: Int32?

    /// nil for chatEmpty.
    init?(_ chat: Api.Chat) {
        switch chat {
        case .chat(let creator, let left, let deactivated, _, _, _, let id, let title, _, let participants, _, _, let migratedTo, let adminRights,
                   let defaultBanned):
            memberCount = participants
            var rights: PeerRights = []
            if left { rights.insert(.left) }
            if deactivated || migratedTo != nil { rights.insert(.migrated) }
            if creator { rights.insert(.creator) }
            // A basic group's admins delete anyone's messages (Telegram gives them every right).
            if creator || adminRights != nil {
                rights.insert(.deletesMessages)
            } else {
                if Self.bansSending(defaultBanned) { rights.insert(.cannotPost) }
                if Self.bansPinning(defaultBanned) { rights.insert(.cannotPin) }
            }
            (self.id, self.title, accessHash, self.rights) = (PeerId(namespace: .cloudGroup, id: id), title, nil, rights)
        case .chatForbidden(let id, let title):
            (self.id, self.title, accessHash, rights) = (PeerId(namespace: .cloudGroup, id: id), title, nil, .removed)
        case .channel(let creator, let left, let broadcast, _, _, _, _, let min, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
                      let id, let accessHash, let title, _, _, _, _, let adminRights, let banned, let defaultBanned, let participants, _, _, _, _, _, _, _,
                      _, _, _):
            (self.id, self.title, self.accessHash) = (PeerId(namespace: .cloudChannel, id: id), title, min ? nil : accessHash)
            memberCount = participants
            guard !min else {
                rights = nil
                return
            }
            var rights: PeerRights = broadcast ? .broadcast : []
            if left { rights.insert(.left) }
            if creator { rights.insert(.creator) }
            let admin = AdminRights(adminRights)
            if creator || admin.deletes { rights.insert(.deletesMessages) }
            // Telegram iOS's TelegramChannel.hasPermission: a channel's admins post with the post
            // right and pin with the pin or the edit right; a supergroup's admins write, and pin
            // with the pin right or where the members' rights let everyone pin.
            if broadcast {
                if !creator, !admin.posts { rights.insert(.cannotPost) }
                if !creator, !admin.pins, !admin.edits { rights.insert(.cannotPin) }
            } else if !creator {
                if adminRights == nil, Self.bansSending(banned) || Self.bansSending(defaultBanned) { rights.insert(.cannotPost) }
                if !admin.pins, Self.bansPinning(banned) || Self.bansPinning(defaultBanned) { rights.insert(.cannotPin) }
            }
            self.rights = rights
        case .channelForbidden(let broadcast, _, let id, let accessHash, let title, _):
            (self.id, self.title, self.accessHash) = (PeerId(namespace: .cloudChannel, id: id), title, accessHash)
            rights = broadcast ? [.broadcast, .removed] : .removed
        case .chatEmpty:
            return nil
        }
    }

    /// The admin rights this client acts on, read in one match.
    private struct AdminRights {
        var posts = false, edits = false, deletes = false, pins = false

        init(_ rights: Api.ChatAdminRights?) {
            guard case .chatAdminRights(_, let post, let edit, let delete, _, _, let pin, _, _, _, _, _, _, _, _, _)? = rights else { return }
            (posts, edits, deletes, pins) = (post, edit, delete, pin)
        }
    }

    /// Whether rights forbid pinning (pin_messages banned).
    private static func bansPinning(_ rights: Api.ChatBannedRights?) -> Bool {
        guard case .chatBannedRights(_, _, _, _, _, _, _, _, _, _, _, let pinMessages, _, _, _, _, _, _, _, _, _)? = rights else { return false }
        return pinMessages
    }

    /// Whether rights forbid sending text: send_messages, or send_plain in the newer split rights.
    private static func bansSending(_ rights: Api.ChatBannedRights?) -> Bool {
        guard case .chatBannedRights(_, let sendMessages, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _, let sendPlain, _)? = rights else { return false }
        return sendMessages || sendPlain
    }
}
