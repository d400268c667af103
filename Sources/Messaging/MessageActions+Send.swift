import Storage

extension MessageActions {
    /// Sends `text` to the chat: a text over Telegram's limit goes as several messages in order
    /// (LongTextSplit), the reply on the first. The ids, in order.
    @discardableResult
    /// `durable: false`: committed only (MessageActions.write), for a caller that syncs itself.
    public func send(text: String, entities: [MessageTextEntity] = [], replyTo: MessageReply? = nil, to peerId: PeerId,
                     durable: Bool = true) throws -> [MessageId] {
        guard !text.allSatisfy(\.isWhitespace) else { throw MessageActionRefusal("nothing to send: the text is empty") }
        return try write(durable: durable) { t, now in
            try Self.checkReply(replyTo, in: peerId, t)
            var ids: [MessageId] = []
            for (i, part) in LongTextSplit.parts(text, entities: entities).enumerated() {
                let extras = MessageExtras(entities: part.entities, replyTo: i == 0 ? replyTo : nil)
                ids.append(try OutgoingMessages.store(text: part.text, to: peerId, now: now, extras: extras, in: t))
            }
            // Sending clears the chat's draft, as Telegram's composer does.
            try t.setDraft(peerId, nil)
            return ids
        }
    }

    /// A reply within the chat must answer a message that is there.
    static func checkReply(_ replyTo: MessageReply?, in peerId: PeerId, _ t: PostboxTransaction) throws {
        if let replyTo, replyTo.peerId == nil || replyTo.peerId == peerId {
            _ = try existing(replyTo.target(in: peerId), in: t)
        }
    }
}
