import Container
import Storage
import TelegramUI

extension PostboxDataSources: ChatHistoryDataSource {
    func messages(in chat: ChatId, before index: ChatMessage.Index?, limit: Int) throws -> [ChatMessage] {
        try postbox.read { t in
            let mapping = ChatMessageMapping(t, mediaBox: postbox.mediaBox, downloads: downloads)
            return try t.historyMessages(chat.peerId, before: index.map { $0.messageIndex(in: chat) }, limit: limit).map(mapping.chatMessage)
        }
    }

    func messages(in chat: ChatId, after index: ChatMessage.Index?, limit: Int) throws -> [ChatMessage] {
        try postbox.read { t in
            let mapping = ChatMessageMapping(t, mediaBox: postbox.mediaBox, downloads: downloads)
            return try t.historyMessages(chat.peerId, after: index.map { $0.messageIndex(in: chat) }, limit: limit).map(mapping.chatMessage)
        }
    }

    func firstUnread(in chat: ChatId) throws -> UnreadDivider? {
        try postbox.read { t in try t.firstUnreadIncoming(chat.peerId).map(UnreadDivider.init) }
    }

    func unread(_ divider: UnreadDivider, again chat: ChatId) throws -> UnreadDivider? {
        let span = UnreadSpan(first: divider.before.messageIndex(in: chat), count: Int32(clamping: divider.count),
                              readMark: divider.readMark, newestId: divider.newestId, deletions: divider.deletions)
        return try postbox.read { t in try t.unreadSpan(span, again: chat.peerId).map(UnreadDivider.init) }
    }

    func pinnedMessage(in chat: ChatId) throws -> ChatMessage? {
        try postbox.read { t in
            guard let id = try t.pinnedMessageId(chat.peerId), let message = try t.message(id) else { return nil }
            return try ChatMessageMapping(t, mediaBox: postbox.mediaBox, downloads: downloads).chatMessage(message)
        }
    }

    func draft(in chat: ChatId) throws -> ComposerDraft? {
        try postbox.read { t in
            guard let draft = try t.draft(chat.peerId) else { return nil }
            let reply = try draft.replyTo.flatMap { try t.message($0.target(in: chat.peerId))?.index.chatIndex }
            return ComposerDraft(text: draft.text, replyTo: reply)
        }
    }

    /// Through the search index, newest first.
    func findAll(_ query: String, in chat: ChatId, limit: Int) throws -> [ChatMessage.Index] {
        let hits = try postbox.read { try MessageSearch(text: TextMatcher(query), chat: chat.peerId, limit: limit).run($0) }
        return hits.map { $0.message.index.chatIndex }
    }

    /// A private chat's other side; in a group or channel the authors of its newest
    /// `mentionScanLimit` messages, newest first, the account itself left out.
    func mentionCandidates(in chat: ChatId) throws -> [MentionCandidate] {
        try postbox.read { t in
            func candidate(_ peer: Peer) -> MentionCandidate { MentionCandidate(name: peer.displayTitle, username: peer.username) }
            if chat.isOneToOne { return try t.peer(chat.peerId).map { [candidate($0)] } ?? [] }
            var seen = Set<PeerId>(), result: [MentionCandidate] = []
            for message in try t.messages(chat.peerId, before: nil, limit: Self.mentionScanLimit) where message.isIncoming {
                guard let author = message.authorId, seen.insert(author).inserted, let peer = try t.peer(author) else { continue }
                result.append(candidate(peer))
            }
            return result
        }
    }

    static let mentionScanLimit = 500

    func names(_ ids: Set<ChatId>) throws -> [ChatId: String] {
        try postbox.read { t in
            var result: [ChatId: String] = [:]
            for id in ids { result[id] = try t.peer(id.peerId)?.displayTitle }
            return result
        }
    }

    func maxOutgoingReadId(in chat: ChatId) throws -> Int32 {
        try postbox.read { try $0.readState(chat.peerId)?.maxOutgoingReadId ?? 0 }
    }

    func isTyping(in chat: ChatId) throws -> Bool {
        presence?.isTyping(in: chat.peerId) ?? false
    }

    func presence(in chat: ChatId) throws -> PeerPresence? {
        guard chat.peerId.namespace == .cloudUser, let status = presence?.status(of: chat.peerId) else { return nil }
        switch status.at(Int32(clamping: Container.Clock.unixTime())) {
        case .online: return .online
        case .lastSeen(let time): return .lastSeen(time)
        case .recently: return .recently
        case .lastWeek: return .lastWeek
        case .lastMonth: return .lastMonth
        }
    }

    func subtitle(of chat: ChatId) throws -> String? {
        guard let peer = try postbox.read({ try $0.peer(chat.peerId) }) else { return nil }
        return peer.isSecretChat ? "secret chat" : peer.username.map { "@" + $0 }
    }

    /// A chat's name for a screen opened without a row to take it from (a call begun elsewhere).
    func title(of chat: ChatId) throws -> String? {
        try postbox.read { try $0.peer(chat.peerId)?.displayTitle }
    }
}

extension UnreadDivider {
    init(_ span: UnreadSpan) {
        self.init(before: span.first.chatIndex, count: Int(span.count), readMark: span.readMark, newestId: span.newestId,
                  deletions: span.deletions)
    }
}
