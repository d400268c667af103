import Formats

/// What the composer held when a chat was left (Telegram's SynchronizeableChatInputState, kept in
/// the chat's PeerChatInterfaceState): the text with its entities, the message it answers, and
/// when it was written. One row a chat in PostboxTable.chatInterfaceStates.
public struct ChatDraft: BinaryCodable, Equatable, Sendable {
    public var text: String
    public var entities: [MessageTextEntity]
    public var replyTo: MessageReply?
    /// Unix time of the last change (Telegram orders and syncs drafts by it).
    public var timestamp: Int32

    public init(text: String, entities: [MessageTextEntity] = [], replyTo: MessageReply? = nil, timestamp: Int32) {
        self.text = text
        self.entities = entities
        self.replyTo = replyTo
        self.timestamp = timestamp
    }

    /// Nothing typed and nothing answered: no draft.
    public var isEmpty: Bool { text.isEmpty && replyTo == nil }

    /// Version 1: timestamp, text, then entities and reply as message extras' tagged fields, so a
    /// field added later (a link preview, say) is skipped by an older reader.
    public func encode(to w: inout BinaryWriter) {
        w.write(UInt8(1))
        w.write(timestamp)
        w.write(text)
        MessageExtras(entities: entities, replyTo: replyTo).encode(to: &w)
    }

    public init(from r: inout BinaryReader) throws {
        guard try r.readUInt8() == 1 else { throw BinaryReader.Truncated() }
        timestamp = try r.readInt32()
        text = try r.readString()
        let extras = try MessageExtras(from: &r)
        entities = extras.entities
        replyTo = extras.replyTo
    }
}

extension PostboxTransaction {
    public func draft(_ peerId: PeerId) throws -> ChatDraft? {
        try valueBox.get(PostboxTable.chatInterfaceStates, PostboxKeys.peer(peerId)).map { try ChatDraft(decoding: $0) }
    }

    /// Stores the chat's draft; an empty one (or nil) clears it.
    public func setDraft(_ peerId: PeerId, _ draft: ChatDraft?) throws {
        if let draft, !draft.isEmpty {
            try valueBox.set(PostboxTable.chatInterfaceStates, PostboxKeys.peer(peerId), draft.encoded())
        } else {
            try valueBox.remove(PostboxTable.chatInterfaceStates, PostboxKeys.peer(peerId))
        }
    }
}
