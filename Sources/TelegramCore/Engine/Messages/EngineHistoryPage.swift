import Storage

/// Messages of one chat with what drawing them needs besides themselves (Telegram's
/// MessageHistoryView with its associated messages and peers): the messages they reply to in
/// the same chat, and those messages' authors, read in the same transaction, so a screen maps a
/// page without reading again.
public struct EngineHistoryPage {
    public let messages: [EngineMessage]
    public let associated: Associated

    public struct Associated {
        public private(set) var messages: [EngineMessage.Id: EngineMessage] = [:]
        public private(set) var peers: [EnginePeer.Id: EnginePeer] = [:]

        /// The replied message, if it is here.
        public func message(_ id: EngineMessage.Id) -> EngineMessage? { messages[id] }
        public func peer(_ id: EnginePeer.Id) -> EnginePeer? { peers[id] }

        /// Reads what `message` points at that is not already read.
        mutating func gather(for message: EngineMessage, in t: PostboxTransaction) throws {
            let chat = message.id.peerId
            guard let reply = message.extras.replyTo, reply.peerId == nil || reply.peerId == chat else { return }
            let target = reply.target(in: chat)
            guard messages[target] == nil, let replied = try t.message(target) else { return }
            messages[target] = replied
            if replied.isIncoming, let author = replied.authorId, peers[author] == nil, let peer = try t.peer(author) {
                peers[author] = peer
            }
        }
    }

    static func read(_ messages: [EngineMessage], in t: PostboxTransaction) throws -> EngineHistoryPage {
        var associated = Associated()
        for message in messages { try associated.gather(for: message, in: t) }
        return EngineHistoryPage(messages: messages, associated: associated)
    }
}
