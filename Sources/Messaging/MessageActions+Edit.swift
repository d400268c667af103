import Storage

extension MessageActions {
    /// Replaces the text of one of the account's own messages under the same id, stamped with
    /// the edit's time. Telegram's canEditMessage: not a service message, not in a secret chat,
    /// within 48 hours of sending except in Saved Messages; the text within one message's limit.
    @discardableResult
    public func edit(_ id: MessageId, text: String, entities: [MessageTextEntity] = []) throws -> Message {
        guard !text.allSatisfy(\.isWhitespace) else { throw MessageActionRefusal("an edit cannot leave the message empty") }
        guard text.utf16.count <= LongTextSplit.messageLimit else {
            throw MessageActionRefusal("an edited message is limited to \(LongTextSplit.messageLimit) characters; this text has \(text.utf16.count)")
        }
        return try write { t, now in
            let message = try Self.existing(id, in: t)
            try Self.checkEditable(message, accountPeerId: try t.accountPeerId(), now: now)
            let edited = try t.updateMessage(id) { m in
                m.text = text
                m.extras.entities = entities
                m.extras.editTimestamp = now
            }
            try t.recordForServer(.editMessage(id))
            return edited ?? message
        }
    }

    /// Whether Telegram lets the account edit the message (canEditMessage, canPerformEditingActions).
    public func canEdit(_ id: MessageId) throws -> Bool {
        let now = clock()
        return try postbox.read { t in
            guard let message = try t.message(id) else { return false }
            return (try? Self.checkEditable(message, accountPeerId: try t.accountPeerId(), now: now)) != nil
        }
    }

    static func checkEditable(_ message: Message, accountPeerId: PeerId?, now: Int32, limits: RevokeLimits = .server) throws {
        guard !message.isIncoming else { throw MessageActionRefusal("only your own messages can be edited") }
        guard !message.extras.isService else { throw MessageActionRefusal("a service message cannot be edited") }
        guard !message.id.peerId.isSecretChatId else { throw MessageActionRefusal("messages in a secret chat cannot be edited") }
        let savedMessages = message.id.peerId == accountPeerId
        guard savedMessages || Int64(message.index.timestamp) + Int64(limits.editInterval) > Int64(now) else {
            throw MessageActionRefusal("Telegram allows editing a message for 48 hours after it was sent (except in Saved Messages)")
        }
    }
}

extension PeerId {
    var isSecretChatId: Bool { namespace == .secretChat }
}
