import Formats
import Messaging
import Storage

/// The server's updates to messages already stored: an edit, a reaction, a pin, the other side's
/// read mark. Each applied to the Postbox as the update would be, and pushed with the payload
/// Telegram's server sends for it.
extension PushComposer {
    func messageUpdate(_ request: Request, peer: Peer, now: Int32, in t: PostboxTransaction) throws -> (NotificationPayload, Int32?) {
        switch request.kind {
        case .edited: return try edited(request, peer: peer, now: now, in: t)
        case .reaction: return try reaction(request, peer: peer, in: t)
        case .pinned: return try pinned(request, peer: peer, now: now, in: t)
        default: return try readOutbox(request, peer: peer, in: t)
        }
    }

    /// The message's own push again, with its new text and `edit_date`, and no sound.
    private func edited(_ request: Request, peer: Peer, now: Int32, in t: PostboxTransaction) throws -> (NotificationPayload, Int32?) {
        guard let text = request.text, !text.isEmpty else { throw Failure(description: "--text is required for an edited push") }
        let id = try targetMessageId(request, in: t)
        let message = try existing(id, peer: peer, in: t)
        guard !message.extras.isService else { throw Failure(description: "message \(id) is a service message: it cannot be edited") }
        let edited = try t.updateMessage(message.id) { m in
            m.text = text
            m.extras.entities = []
            m.extras.editTimestamp = now
        } ?? message
        let author = try edited.authorId.flatMap { try t.peer($0) }
        var payload = messagePayload(request, peer: peer, author: author, message: edited)
        payload.editDate = String(now)
        payload.aps?.sound = nil
        return (payload, id)
    }

    /// Someone (--from, else the chat's default author) reacted to one of the account's messages.
    private func reaction(_ request: Request, peer: Peer, in t: PostboxTransaction) throws -> (NotificationPayload, Int32?) {
        guard let emoji = request.emoji.flatMap(DefaultReactions.canonical) else {
            throw Failure(description: "--emoji must be one of Telegram's reactions (\(DefaultReactions.all.prefix(8).joined(separator: " ")) …)")
        }
        let id = try targetMessageId(request, in: t)
        let message = try existing(id, peer: peer, in: t)
        guard !message.isIncoming else {
            throw Failure(description: "message \(id) is not the account's: Telegram notifies reactions to your own messages")
        }
        try t.updateMessage(message.id) { m in m.extras.reactions = MessageActions.addingOthers(emoji, to: m.extras.reactions) }
        let reactor = try actor(request, peer: peer, in: t)
        let name = reactor?.displayTitle ?? peer.displayTitle
        let text = MessageSummary.text(of: message)
        var payload = NotificationPayload(msgId: String(id))
        payload.setPeer(peer.id)
        let body: String
        if peer.id.namespace == .cloudGroup {
            payload.locKey = NotificationPayload.LocKey.chatReactText
            payload.locArgs = [name, peer.displayTitle, emoji, text]
            body = "\(name) reacted \(emoji) in \(peer.displayTitle) to your message \"\(text)\""
        } else {
            payload.locKey = NotificationPayload.LocKey.reactText
            payload.locArgs = [name, emoji, text]
            body = "\(name) reacted \(emoji) to your message \"\(text)\""
        }
        payload.aps = PushAps(alert: PushAps.Alert(title: peer.displayTitle, body: body), threadId: String(peer.id.toInt64()),
                              sound: request.silent ? nil : "0.m4a")
        return (payload, id)
    }

    /// The other side pinned (or, --unpin, unpinned) a message; a pin adds its service line.
    private func pinned(_ request: Request, peer: Peer, now: Int32, in t: PostboxTransaction) throws -> (NotificationPayload, Int32?) {
        let id = try targetMessageId(request, in: t)
        let message = try existing(id, peer: peer, in: t)
        try t.setMessagePinned(message.id, pinned: !request.unpin)
        var payload = NotificationPayload(msgId: String(id))
        payload.setPeer(peer.id)
        if request.unpin { return (payload, id) }  // nothing shown for an unpin
        let pinner = try actor(request, peer: peer, in: t)
        let service = try MessageActions.addPinService(for: message, by: pinner ?? peer, now: now, in: t)
        let name = pinner?.displayTitle ?? peer.displayTitle
        let text = MessageSummary.text(of: message)
        let body: String
        if peer.id.namespace == .cloudGroup {
            payload.locKey = NotificationPayload.LocKey.chatPinnedText
            payload.locArgs = [name, peer.displayTitle, text]
            body = "\(name) pinned \"\(text)\" in the group \(peer.displayTitle)"
        } else {
            payload.locKey = NotificationPayload.LocKey.pinnedText
            payload.locArgs = [name, text]
            body = "\(name) pinned \"\(text)\""
        }
        // The notification is the service message's: it is the new message in the chat.
        payload.msgId = String(service.id)
        payload.aps = PushAps(alert: PushAps.Alert(title: peer.displayTitle, body: body), threadId: String(peer.id.toInt64()),
                              sound: request.silent ? nil : "0.m4a")
        return (payload, service.id)
    }

    /// The other side read up to --message (default: the account's newest message there).
    private func readOutbox(_ request: Request, peer: Peer, in t: PostboxTransaction) throws -> (NotificationPayload, Int32?) {
        let id: Int32
        if let given = request.messageId {
            id = given
        } else {
            guard let newest = try t.latestMessages(peer.id, limit: 200).first(where: { !$0.isIncoming }) else {
                throw Failure(description: "chat \(peer.id) has no recent message of the account's to mark read")
            }
            id = newest.id.id
        }
        try t.markOutgoingRead(peer.id, upTo: id)
        var payload = NotificationPayload(maxId: String(id))
        payload.setPeer(peer.id)
        return (payload, id)
    }

    private func existing(_ id: Int32, peer: Peer, in t: PostboxTransaction) throws -> Message {
        guard let message = try t.message(MessageId(peerId: peer.id, id: id)) else {
            throw Failure(description: "no message \(id) in chat \(peer.id)")
        }
        return message
    }

    /// Who did it: --from, else the chat's default author.
    private func actor(_ request: Request, peer: Peer, in t: PostboxTransaction) throws -> Peer? {
        try (request.authorId ?? defaultAuthor(of: peer, in: t)).flatMap { try t.peer($0) }
    }
}
