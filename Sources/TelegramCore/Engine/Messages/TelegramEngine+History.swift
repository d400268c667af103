import Storage

extension TelegramEngine.Messages {
    /// Up to `limit` messages older than `index` (newest first from the end; nil: the newest),
    /// unsent ones included, as the chat screen pages back.
    /// The page stops at a hole (ids the server has that were not loaded yet): what lies below
    /// one is not shown next to what lies above it as if nothing were between.
    public func history(_ peerId: EnginePeer.Id, before index: MessageIndex?, limit: Int) throws -> EngineHistoryPage {
        try postbox.read { t in
            var messages = try t.historyMessages(peerId, before: index, limit: limit)
            if let hole = try t.historyHole(peerId, below: Self.cloudCursor(index)),
               let cut = messages.firstIndex(where: { $0.id.namespace == EngineMessage.Id.cloudNamespace && $0.id.id <= hole.upperBound }) {
                messages.removeSubrange(cut...)
            }
            return try EngineHistoryPage.read(messages, in: t)
        }
    }

    /// The ids not loaded yet right below the message at `index` (nil: the newest), when no
    /// stored message lies between: what to fetch from the server as the history is read back.
    public func holeBelow(_ peerId: EnginePeer.Id, _ index: MessageIndex?) throws -> ClosedRange<Int32>? {
        try postbox.read { t in
            guard let hole = try t.historyHole(peerId, below: Self.cloudCursor(index)) else { return nil }
            let next = try t.historyMessages(peerId, before: index, limit: 1).first
            if let next, next.id.namespace == EngineMessage.Id.cloudNamespace, next.id.id > hole.upperBound { return nil }
            return hole
        }
    }

    /// A cloud id a read going back from `index` starts below (a message not yet sent has none:
    /// everything stored is below it).
    private static func cloudCursor(_ index: MessageIndex?) -> Int32 {
        guard let index, index.id.namespace == EngineMessage.Id.cloudNamespace else { return .max }
        return index.id.id
    }

    /// Up to `limit` messages newer than `index`, as the chat screen pages forward. The page
    /// stops at a hole above, as a page going back stops at one below.
    public func history(_ peerId: EnginePeer.Id, after index: MessageIndex?, limit: Int) throws -> EngineHistoryPage {
        try postbox.read { t in
            var messages = try t.historyMessages(peerId, after: index, limit: limit)
            if let hole = try t.historyHole(peerId, above: try Self.cloudCursor(after: index, peerId, t)),
               let cut = messages.firstIndex(where: { $0.id.namespace == EngineMessage.Id.cloudNamespace && $0.id.id >= hole.lowerBound }) {
                messages.removeSubrange(cut...)
            }
            return try EngineHistoryPage.read(messages, in: t)
        }
    }

    /// The ids not loaded yet right above the message at `index` (nil: the oldest), when no
    /// stored message lies between: what to fetch from the server as the history is read forward.
    public func holeAbove(_ peerId: EnginePeer.Id, _ index: MessageIndex?) throws -> ClosedRange<Int32>? {
        try postbox.read { t in
            guard let hole = try t.historyHole(peerId, above: try Self.cloudCursor(after: index, peerId, t)) else { return nil }
            let next = try t.historyMessages(peerId, after: index, limit: 1).first
            if let next, next.id.namespace == EngineMessage.Id.cloudNamespace, next.id.id < hole.lowerBound { return nil }
            return hole
        }
    }

    /// A cloud id a read going forward from `index` starts above: the message's own, or for one
    /// not yet sent the nearest cloud message before it (0: none, the read starts at the oldest).
    private static func cloudCursor(after index: MessageIndex?, _ peerId: EnginePeer.Id, _ t: PostboxTransaction) throws -> Int32 {
        guard let index else { return 0 }
        if index.id.namespace == EngineMessage.Id.cloudNamespace { return index.id.id }
        return try t.historyMessages(peerId, before: index, limit: unsentScanLimit)
            .first { $0.id.namespace == EngineMessage.Id.cloudNamespace }?.id.id ?? 0
    }

    /// How many messages not yet sent a forward read looks back past for its cloud cursor.
    private static let unsentScanLimit = 50

    /// The chat's pinned message, as a page of one.
    public func pinned(in peerId: EnginePeer.Id) throws -> EngineHistoryPage? {
        try postbox.read { t in
            guard let id = try t.pinnedMessageId(peerId), let message = try t.message(id) else { return nil }
            return try EngineHistoryPage.read([message], in: t)
        }
    }

    /// The first unread incoming message and how many follow it.
    public func firstUnread(in peerId: EnginePeer.Id) throws -> UnreadSpan? {
        try postbox.read { try $0.firstUnreadIncoming(peerId) }
    }

    /// An unread span read again after the chat changed (the divider stays where it was).
    public func unreadSpan(_ span: UnreadSpan, again peerId: EnginePeer.Id) throws -> UnreadSpan? {
        try postbox.read { try $0.unreadSpan(span, again: peerId) }
    }

    /// The chat's draft, and the index of the message it replies to when that is here.
    public func draft(in peerId: EnginePeer.Id) throws -> (draft: ChatDraft, replyTo: MessageIndex?)? {
        try postbox.read { t in
            guard let draft = try t.draft(peerId) else { return nil }
            return (draft, try draft.replyTo.flatMap { try t.message($0.target(in: peerId))?.index })
        }
    }

    /// The newest messages a search finds, newest first, without their chats (find in a chat).
    public func matches(_ search: EngineMessageSearch) throws -> [EngineMessage] {
        try postbox.read { try search.run($0).map(\.message) }
    }

    public func readState(_ peerId: EnginePeer.Id) throws -> ReadState? {
        try postbox.read { try $0.readState(peerId) }
    }

    /// A chat's newest `limit` messages with its pinned ids and read state, or nil for no such chat.
    public func listing(_ peerId: EnginePeer.Id, limit: Int) throws -> (messages: [EngineMessage], pinnedIds: Set<Int32>, readState: ReadState?)? {
        try postbox.read { t in
            guard try t.peer(peerId) != nil else { return nil }
            return (try t.historyMessages(peerId, before: nil, limit: limit), Set(try t.pinnedMessages(peerId).ids), try t.readState(peerId))
        }
    }
}
