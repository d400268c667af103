import Messaging
import Storage

/// The use cases on messages (Messaging's MessageActions, each one durable transaction by the
/// writer), each followed by a word to the account's connection so the server hears it now.
extension TelegramEngine.Messages {
    var actions: MessageActions { MessageActions(postbox: postbox) }

    /// Runs `body` and, when it stored something, tells the connection.
    private func forServer<T>(_ body: () throws -> T) rethrows -> T {
        let result = try body()
        changesForServer?()
        return result
    }

    /// Committed, handed to the connection, then made durable: the message leaves while the disk
    /// syncs, and what shows it pending comes after both. It is stored with its random_id before
    /// it leaves, so a restart that finds it sends it again as the same message; one a power cut
    /// took before the sync is not here to be sent again, and its copy on the server, if it
    /// left, comes back with the catch-up. Exactly once either way, a sync sooner.
    @discardableResult
    public func send(text: String, entities: [MessageTextEntity] = [], replyTo: MessageReply? = nil, to peerId: EnginePeer.Id) throws -> [EngineMessage.Id] {
        let ids = try forServer { try actions.send(text: text, entities: entities, replyTo: replyTo, to: peerId, durable: false) }
        try postbox.sync()
        return ids
    }

    /// Files already copied into the MediaBox (OutgoingFile), as one message or an album.
    @discardableResult
    public func send(files: [OutgoingFile], caption: String, entities: [MessageTextEntity] = [], replyTo: MessageReply? = nil,
                     to peerId: EnginePeer.Id) throws -> [EngineMessage.Id] {
        try forServer { try actions.send(files: files, caption: caption, entities: entities, replyTo: replyTo, to: peerId) }
    }

    @discardableResult
    public func edit(_ id: EngineMessage.Id, text: String, entities: [MessageTextEntity] = []) throws -> EngineMessage {
        try forServer { try actions.edit(id, text: text, entities: entities) }
    }

    /// Who the messages may be deleted for, by Telegram's rules.
    public func deleteOptions(for ids: [EngineMessage.Id]) throws -> DeleteOptions {
        try actions.deleteOptions(for: ids)
    }

    @discardableResult
    public func delete(_ ids: [EngineMessage.Id], scope: DeleteScope) throws -> DeletedMessages {
        try forServer { try actions.delete(ids, scope: scope) }
    }

    @discardableResult
    public func forward(_ ids: [EngineMessage.Id], to target: EnginePeer.Id) throws -> [EngineMessage.Id] {
        try forServer { try actions.forward(ids, to: target) }
    }

    /// The reactions a person can choose from.
    public var reactions: [String] { actions.reactions }

    @discardableResult
    public func toggleReaction(_ emoji: String, on id: EngineMessage.Id) throws -> [MessageReaction] {
        try forServer { try actions.toggleReaction(emoji, on: id) }
    }

    /// Pins `id`, or with nil unpins what the chat has pinned.
    public func setPinned(_ id: EngineMessage.Id?, in peerId: EnginePeer.Id) throws {
        if let id {
            try forServer { _ = try actions.setPinned(id, pinned: true) }
        } else if let pinned = try actions.pinnedMessage(of: peerId) {
            try forServer { _ = try actions.setPinned(pinned.id, pinned: false) }
        }
    }

    /// The composer's draft, kept and told to the server.
    public func saveDraft(_ text: String, replyTo: MessageReply?, in peerId: EnginePeer.Id) throws {
        try forServer { try actions.saveDraft(peerId, text: text, replyTo: replyTo) }
    }

    public func clearDraft(in peerId: EnginePeer.Id) throws {
        try forServer { try actions.clearDraft(peerId) }
    }

    /// Opening a chat reads it: its incoming messages up to `index` are marked read. Whether any were.
    @discardableResult
    public func markRead(_ peerId: EnginePeer.Id, upTo index: EngineMessageIndex) throws -> Bool {
        try forServer { try OutgoingMessages.markRead(peerId, upTo: index, postbox: postbox) }
    }
}
