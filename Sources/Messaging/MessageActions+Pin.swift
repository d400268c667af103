import Storage

extension MessageActions {
    /// Pins or unpins a message. Pinning adds Telegram's service message
    /// "You pinned "…"" after the chat's newest, as the server does for a pin (messageActionPinMessage),
    /// and as Telegram iOS words it (Notification.PinnedTextMessage, the text to 15 characters).
    /// The service message's id, when one was added.
    @discardableResult
    public func setPinned(_ id: MessageId, pinned: Bool) throws -> MessageId? {
        try write { t, now in
            let message = try Self.existing(id, in: t)
            guard !message.extras.isService else { throw MessageActionRefusal("a service message cannot be pinned") }
            if let restriction = try t.peer(id.peerId)?.pinRestriction { throw MessageActionRefusal(restriction) }
            let wasPinned = try t.pinnedMessages(id.peerId).ids.contains(id.id)
            try t.setMessagePinned(id, pinned: pinned)
            if pinned != wasPinned { try t.recordForServer(.pin(id, pinned: pinned)) }
            // An account on a server gets the service message from the server, as Telegram's does.
            guard pinned, !wasPinned, try !t.accountHasServer() else { return nil }
            return try Self.addPinService(for: message, by: nil, now: now, in: t)
        }
    }

    /// The service message of a pin: by the account (`author` nil: "You") or another user.
    public static func addPinService(for message: Message, by author: Peer?, now: Int32, in t: PostboxTransaction) throws -> MessageId {
        let line = MessageServiceAction.pinLine(actor: author?.displayTitle ?? "You", pinned: message)
        let service = MessageServiceAction(action: "pin_message", fields: [("message_id", .integer(Int64(message.id.id)))])
        var extras = MessageExtras(replyTo: MessageReply(id: message.id.id))
        extras.service = service
        if let author {
            let latest = try t.latestMessages(message.id.peerId, limit: 1).first
            let id = MessageId(peerId: message.id.peerId, id: try t.maxMessageId(message.id.peerId) + 1)
            try t.addMessages([Message(index: MessageIndex(id: id, timestamp: max(now, latest?.index.timestamp ?? now)),
                                       authorId: author.id, text: line, isIncoming: true, extras: extras)])
            return id
        }
        return try OutgoingMessages.store(text: line, to: message.id.peerId, now: now, extras: extras, in: t)
    }
}
