import Container
import Cryptography
import FoundationEssentials
import Formats
import Messaging
import Storage

/// Stands in for Telegram's push server: applies the update to the account's Postbox as the
/// server's update would reach the app, then encrypts the payload with the account's
/// notification secret exactly as the server does.
public struct PushComposer {
    public struct Request {
        public var kind: PushKind
        public var peerId: PeerId
        public var text: String?
        public var messageId: Int32?
        public var authorId: PeerId?
        public var silent = false
        public var topicId: Int64?
        public var topicTitle: String?
        /// A reaction's emoji.
        public var emoji: String?
        /// A pinned update that unpins.
        public var unpin = false

        public init(kind: PushKind, peerId: PeerId) {
            self.kind = kind
            self.peerId = peerId
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    let postbox: Postbox
    /// The account's id, as pushes name it.
    let accountId: Int64
    let strings: PresentationStrings

    public init(postbox: Postbox, accountId: Int64, strings: PresentationStrings) {
        self.postbox = postbox
        self.accountId = accountId
        self.strings = strings
    }

    public func compose(_ request: Request, now: Int32 = Int32(clamping: Clock.unixTime())) throws -> ComposedPush {
        guard let secret = try postbox.read({ try $0.notificationSecret() }) else {
            throw Failure(description: "account \(accountId) has no notification secret in its keychain")
        }
        let cipher = try NotificationPayloadCipher(secret: secret)
        let (payload, messageId) = try postbox.transaction { t -> (NotificationPayload, Int32?) in
            // A server's account gets its messages, ids and pushes from the server: an update made
            // up here would take an id the server gives to a real message later.
            guard try !t.accountHasServer() else {
                throw Failure(description: "account \(accountId) lives on a server: its updates and pushes come from there (`main push` stands in for the server only for an offline account)")
            }
            guard let peer = try t.peer(request.peerId) else {
                throw Failure(description: "no chat with peer id \(request.peerId) in account \(accountId)")
            }
            switch request.kind {
            case .message, .muted:
                let message = try store(request, peer: peer, now: now, in: t)
                let author = try message.authorId.flatMap { try t.peer($0) }
                return (messagePayload(request, peer: peer, author: author, message: message), message.id.id)
            case .deleted:
                let id = try targetMessageId(request, in: t)
                guard !(try t.deleteMessages([MessageId(peerId: peer.id, id: id)])).isEmpty else {
                    throw Failure(description: "no message \(id) in chat \(peer.id)")
                }
                var payload = NotificationPayload(locKey: NotificationPayload.LocKey.messageDeleted, msgId: String(id))
                payload.setPeer(peer.id)
                return (payload, id)
            case .read:
                let id = try targetMessageId(request, in: t)
                try t.markIncomingRead(peer.id, upTo: id)
                var payload = NotificationPayload(locKey: NotificationPayload.LocKey.readHistory, maxId: String(id))
                payload.setPeer(peer.id)
                return (payload, id)
            case .edited, .reaction, .pinned, .readOutbox:
                return try messageUpdate(request, peer: peer, now: now, in: t)
            }
        }
        let encrypted = cipher.encrypt(try payload.encoded())
        return ComposedPush(push: PushEnvelope(aps: outerAps(request.kind), p: Base64URL.encode(encrypted)),
                            accountId: String(accountId), peerId: request.peerId.toInt64(), messageId: messageId,
                            kind: request.kind, keyId: Hex.encode(cipher.keyId))
    }

    /// The new message: the next id in the chat, incoming, from the given author or the chat's own.
    private func store(_ request: Request, peer: Peer, now: Int32, in t: PostboxTransaction) throws -> Message {
        guard let text = request.text, !text.isEmpty else { throw Failure(description: "--text is required for a \(request.kind) push") }
        let latest = try t.latestMessages(peer.id, limit: 1).first
        let nextId = (latest?.id.id ?? 0) + 1
        let timestamp = max(now, latest?.index.timestamp ?? now)
        let author = try request.authorId ?? defaultAuthor(of: peer, in: t)
        let message = Message(index: MessageIndex(id: MessageId(peerId: peer.id, id: nextId), timestamp: timestamp),
                              authorId: author, text: text, isIncoming: true, threadId: request.topicId)
        try t.addMessages([message])
        return message
    }

    /// A user writes for themself; in a secret chat, the user on the other side; in a group, the
    /// latest incoming message's author; a channel posts as itself.
    func defaultAuthor(of peer: Peer, in t: PostboxTransaction) throws -> PeerId? {
        switch peer.id.namespace {
        case .cloudUser: return peer.id
        case .secretChat: return peer.associatedPeerId
        case .cloudGroup: return try t.latestMessages(peer.id, limit: 50).first(where: { $0.isIncoming && $0.authorId != nil })?.authorId
        default: return nil
        }
    }

    func targetMessageId(_ request: Request, in t: PostboxTransaction) throws -> Int32 {
        if let id = request.messageId { return id }
        guard let latest = try t.latestMessages(request.peerId, limit: 1).first else {
            throw Failure(description: "chat \(request.peerId) has no messages")
        }
        return latest.id.id
    }

    /// Telegram's server payload for a message. A secret chat's text never reaches the server, so
    /// its push says only that something arrived.
    func messagePayload(_ request: Request, peer: Peer, author: Peer?, message: Message) -> NotificationPayload {
        var payload = NotificationPayload(msgId: String(message.id.id))
        payload.setPeer(peer.id)
        let threadId = request.topicId.map { "\(peer.id.toInt64()):\($0)" } ?? String(peer.id.toInt64())
        let text = message.text
        var alert: PushAps.Alert
        switch peer.id.namespace {
        case .secretChat:
            payload.locKey = "ENCRYPTED_MESSAGE"
            alert = PushAps.Alert(body: strings.applicationLockedMessageString)
        case .cloudGroup:
            let authorName = author?.displayTitle ?? peer.displayTitle
            payload.locKey = NotificationPayload.LocKey.chatMessageText
            payload.locArgs = [authorName, peer.displayTitle, text]
            alert = PushAps.Alert(title: peer.displayTitle, body: "\(authorName): \(text)")
        case .cloudChannel:
            payload.locKey = NotificationPayload.LocKey.channelMessageText
            payload.locArgs = [peer.displayTitle, text]
            alert = PushAps.Alert(title: peer.displayTitle, body: text)
        default:
            payload.locKey = NotificationPayload.LocKey.messageText
            payload.locArgs = [peer.displayTitle, text]
            alert = PushAps.Alert(title: peer.displayTitle, body: text)
        }
        if let topicTitle = request.topicTitle {
            payload.topicTitle = topicTitle
            payload.topicId = request.topicId.map(String.init)
        }
        if request.silent { payload.silent = "1" }
        if request.kind == .muted {
            // Telegram's MESSAGE_MUTED carries no alert: it only tells the device to update.
            payload.locKey = NotificationPayload.LocKey.messageMuted
            payload.locArgs = nil
            payload.aps = PushAps(threadId: threadId)
        } else {
            payload.aps = PushAps(alert: alert, category: "r", threadId: threadId, sound: request.silent ? nil : "0.m4a")
        }
        return payload
    }

    /// The visible part: for a message, the generic alert and mutable-content so the service runs;
    /// for silent updates, content-available only. Never message content.
    private func outerAps(_ kind: PushKind) -> PushAps {
        switch kind {
        case .message: return PushAps(alert: PushAps.Alert(body: strings.applicationLockedMessageString), sound: "0.m4a", mutableContent: 1)
        case .edited, .reaction, .pinned: return PushAps(alert: PushAps.Alert(body: strings.applicationLockedMessageString), mutableContent: 1)
        case .muted, .deleted, .read, .readOutbox: return PushAps(mutableContent: 1)
        }
    }
}
