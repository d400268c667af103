import Storage

extension MessageActions {
    /// Copies messages into another chat, in id order, each carrying where it came from: the
    /// original author's name and id and the original date, or, for a forward, the first origin
    /// (Telegram keeps fwd_from). Refused from or into a secret chat (Telegram offers no forward
    /// there), into a deleted chat, and for service messages. The new ids, in order.
    @discardableResult
    public func forward(_ ids: [MessageId], to target: PeerId) throws -> [MessageId] {
        guard !ids.isEmpty else { throw MessageActionRefusal("no messages to forward") }
        return try write { t, now in
            let peer = try Self.chat(target, in: t)
            guard !peer.isSecretChat else { throw MessageActionRefusal("messages cannot be forwarded into a secret chat") }
            var copies: [MessageId] = []
            for id in ids.sorted(by: { ($0.peerId.toInt64(), $0.id) < ($1.peerId.toInt64(), $1.id) }) {
                let message = try Self.existing(id, in: t)
                guard !id.peerId.isSecretChatId else { throw MessageActionRefusal("messages of a secret chat cannot be forwarded") }
                guard !message.extras.isService else { throw MessageActionRefusal("a service message cannot be forwarded") }
                // The server forwards its own copy: one still on its way has none yet.
                guard id.namespace != MessageId.localNamespace else {
                    throw MessageActionRefusal("a message still on its way to the server cannot be forwarded yet")
                }
                var extras = MessageExtras(entities: message.extras.entities, media: message.extras.media)
                extras.forward = try message.extras.forward ?? Self.origin(of: message, in: t)
                copies.append(try OutgoingMessages.store(text: message.text, to: target, now: now, contentKind: message.contentKind,
                                                         mediaResourceIds: message.mediaResourceIds, extras: extras, forwardOf: id, in: t))
            }
            return copies
        }
    }

    /// Who wrote the message, and when: its author, else the chat it is in (a channel's post,
    /// a private chat's incoming message).
    static func origin(of message: Message, in t: PostboxTransaction) throws -> MessageForward {
        let authorId = try message.authorId ?? (message.isIncoming ? message.id.peerId : t.accountPeerId())
        let author = try authorId.flatMap { try t.peer($0) }
        return MessageForward(from: author?.displayTitle ?? message.extras.authorName, fromId: authorId, date: message.index.timestamp)
    }
}
