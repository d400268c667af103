import Storage

extension TelegramEngine.Messages {
    public func message(_ id: EngineMessage.Id) throws -> EngineMessage? {
        try postbox.read { try $0.message(id) }
    }

    /// A message with its chat and its author, read together (what a notification shows).
    public func messageInChat(_ id: EngineMessage.Id) throws -> MessageInChat {
        try postbox.read { t in
            let message = try t.message(id)
            return MessageInChat(chat: try t.peer(id.peerId), message: message, author: try message?.authorId.flatMap { try t.peer($0) })
        }
    }

    /// A search's hits, each with its chat and author, in one snapshot.
    public func search(_ search: EngineMessageSearch) throws -> [FoundMessage] {
        try postbox.read { t in
            var peers: [EnginePeer.Id: EnginePeer?] = [:]
            func peer(_ id: EnginePeer.Id) throws -> EnginePeer? {
                if let known = peers[id] { return known }
                let loaded = try t.peer(id)
                peers[id] = loaded
                return loaded
            }
            return try search.run(t).map { hit in
                FoundMessage(message: hit.message, isRead: hit.isRead, chat: try peer(hit.message.id.peerId),
                             author: try hit.message.authorId.flatMap { try peer($0) })
            }
        }
    }

    public struct MessageInChat {
        public let chat: EnginePeer?
        public let message: EngineMessage?
        public let author: EnginePeer?
    }

    public struct FoundMessage {
        public let message: EngineMessage
        public let isRead: Bool
        public let chat: EnginePeer?
        public let author: EnginePeer?
    }

    /// A new outgoing message's random_id, chosen before it leaves so a retry is recognised.
    public static func newRandomId() -> Int64 { MessageOutgoing.newRandomId() }
}
