import Storage

extension TelegramEngine {
    public var chatList: ChatList { ChatList(postbox: postbox, changesForServer: changesForServer) }

    public struct ChatList {
        let postbox: Postbox
        let changesForServer: (@Sendable () -> Void)?
    }
}

extension TelegramEngine.ChatList {
    /// The top `limit` chats, pinned first, each with what its row shows, and the unread totals,
    /// from one transaction (the list and its badge never disagree).
    public func top(limit: Int, now: Int32, unreadIncludingMuted: Bool) throws -> EngineChatList {
        try postbox.read { t in
            let accountPeerId = try t.accountPeerId()
            var authors: [EnginePeer.Id: EnginePeer?] = [:]
            let entries = try t.topChatListEntries(count: limit).map { entry in
                let message = try t.message(entry.topMessageIndex)
                var author: EnginePeer?
                // Only a group's or channel's row names who wrote its last message.
                if let message, message.id.peerId.namespace != .cloudUser, message.id.peerId.namespace != .secretChat,
                   message.isIncoming, let id = message.authorId {
                    if authors[id] == nil { authors[id] = try t.peer(id) }
                    author = authors[id] ?? nil
                }
                return EngineChatList.Entry(peerId: entry.peerId, peer: entry.peer, isPinned: entry.pinningIndex != nil,
                                            isMuted: try t.isMuted(entry.peerId, at: now), unreadCount: entry.readState?.shownUnreadCount ?? 0,
                                            topMessageIndex: entry.topMessageIndex, topMessage: message, topMessageAuthor: author,
                                            draftText: try t.draft(entry.peerId)?.text)
            }
            return EngineChatList(accountPeerId: accountPeerId, entries: entries,
                                  unreadTotals: try t.unreadTotals(includeMuted: unreadIncludingMuted, now: now))
        }
    }
}

extension TelegramEngine.ChatList {
    /// How many of the top `limit` chats there are, and how many of them are pinned: the launch's
    /// check that the list can be shown, without reading what the rows show.
    public func count(limit: Int) throws -> (chats: Int, pinned: Int) {
        let entries = try postbox.read { try $0.topChatListEntries(count: limit) }
        return (entries.count, entries.filter { $0.pinningIndex != nil }.count)
    }
}

/// The top of the chat list as its rows show it.
public struct EngineChatList {
    public let accountPeerId: EnginePeer.Id?
    public let entries: [Entry]
    public let unreadTotals: UnreadTotals

    public struct Entry {
        public let peerId: EnginePeer.Id
        public let peer: EnginePeer?
        public let isPinned: Bool
        public let isMuted: Bool
        public let unreadCount: Int32
        public let topMessageIndex: MessageIndex
        public let topMessage: EngineMessage?
        /// The last message's author, read for a group's or channel's incoming message only.
        public let topMessageAuthor: EnginePeer?
        public let draftText: String?
    }
}

extension TelegramEngine.ChatList {
    /// The chats a widget shows, each with its badge and last message, from one transaction:
    /// the first `limit` of `chosen` (the user's choice) or else of the top of the chat list
    /// without secret chats, leaving out deleted accounts and chats that are gone.
    public func widgetChats(chosen: [EnginePeer.Id]?, limit: Int, now: Int32) throws -> (accountPeerId: EnginePeer.Id?, chats: [EngineChatSummary]) {
        try postbox.read { t in
            let peerIds = try chosen ?? t.topChatListEntries(count: limit * 2).filter { $0.peerId.namespace != .secretChat }.map(\.peerId)
            var chats: [EngineChatSummary] = []
            for peerId in peerIds.prefix(limit) {
                guard let peer = try t.peer(peerId), !peer.isDeleted, !peer.isSecretChat else { continue }
                let message = try t.latestMessages(peer.id, limit: 1).first
                let author = try message.flatMap { $0.isIncoming ? $0.authorId : nil }.flatMap { $0 == peer.id ? nil : try t.peer($0) }
                chats.append(EngineChatSummary(peer: peer, unreadCount: try t.readState(peer.id)?.shownUnreadCount ?? 0,
                                               isMuted: try t.isMuted(peer.id, at: now), lastMessage: message, lastMessageAuthor: author))
            }
            return (try t.accountPeerId(), chats)
        }
    }
}

/// One chat with its badge and last message (a widget's row).
public struct EngineChatSummary {
    public let peer: EnginePeer
    public let unreadCount: Int32
    public let isMuted: Bool
    public let lastMessage: EngineMessage?
    /// The last message's author when it is someone else's in a group or channel.
    public let lastMessageAuthor: EnginePeer?
}
