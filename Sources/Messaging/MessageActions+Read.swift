import Storage

/// What the interface reads about acting on a chat's messages (the writes are MessageActions').
extension MessageActions {
    public func draft(of peerId: PeerId) throws -> ChatDraft? {
        try postbox.read { try $0.draft(peerId) }
    }

    /// The message the chat shows pinned, if it still exists.
    public func pinnedMessage(of peerId: PeerId) throws -> Message? {
        try postbox.read { t in try t.pinnedMessageId(peerId).flatMap { try t.message($0) } }
    }

    /// The account's own: an outgoing message (the one Telegram lets it edit).
    public func isOwn(_ id: MessageId) throws -> Bool {
        try postbox.read { t in try t.message(id).map { !$0.isIncoming } ?? false }
    }

    /// The picker's reactions.
    public var reactions: [String] { DefaultReactions.all }
}
