import Storage

extension MessageActions {
    /// Keeps what the composer holds for the chat; empty text with no reply clears it.
    public func saveDraft(_ peerId: PeerId, text: String, entities: [MessageTextEntity] = [], replyTo: MessageReply? = nil) throws {
        try write { t, now in
            _ = try Self.chat(peerId, in: t)
            try t.setDraft(peerId, ChatDraft(text: text, entities: entities, replyTo: replyTo, timestamp: now))
            try t.recordForServer(.saveDraft(peerId))
        }
    }

    public func clearDraft(_ peerId: PeerId) throws {
        try write { t, _ in
            guard try t.draft(peerId) != nil else { return }
            try t.setDraft(peerId, nil)
            try t.recordForServer(.saveDraft(peerId))
        }
    }

    /// The other side read the account's messages up to `maxId` (✓✓); whether the mark moved.
    @discardableResult
    public func markOutboxRead(_ peerId: PeerId, upTo maxId: Int32) throws -> Bool {
        try write { t, _ in
            _ = try Self.chat(peerId, in: t)
            return try t.markOutgoingRead(peerId, upTo: maxId)
        }
    }
}
