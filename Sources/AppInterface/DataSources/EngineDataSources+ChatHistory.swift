import Container
import TelegramCore
import TelegramUI

extension EngineDataSources: ChatHistoryDataSource {
    func messages(in chat: ChatId, before index: ChatMessage.Index?, limit: Int) throws -> [ChatMessage] {
        map(try engine.messages.history(chat.peerId, before: index.map { $0.messageIndex(in: chat) }, limit: limit))
    }

    func fetchOlder(in chat: ChatId, below index: ChatMessage.Index?) throws -> HistoryOnServer {
        guard let hole = try engine.messages.holeBelow(chat.peerId, index.map { $0.messageIndex(in: chat) }) else { return .none }
        return fetch(chat, .below(hole.upperBound &+ 1))
    }

    func fetchNewer(in chat: ChatId, above index: ChatMessage.Index?) throws -> HistoryOnServer {
        guard let hole = try engine.messages.holeAbove(chat.peerId, index.map { $0.messageIndex(in: chat) }) else { return .none }
        return fetch(chat, .above(hole.lowerBound &- 1))
    }

    private func fetch(_ chat: ChatId, _ end: HistoryHoleEnd) -> HistoryOnServer {
        guard let account, let fetch = account.fetchHistoryFromServer else { return .unavailable("not connected to the server") }
        fetch(chat.peerId, end)
        if let failure = account.serverHistory?.recentFailure(chat.peerId) { return .unavailable(failure) }
        return .fetching
    }

    func messages(in chat: ChatId, after index: ChatMessage.Index?, limit: Int) throws -> [ChatMessage] {
        map(try engine.messages.history(chat.peerId, after: index.map { $0.messageIndex(in: chat) }, limit: limit))
    }

    func firstUnread(in chat: ChatId) throws -> UnreadDivider? {
        try engine.messages.firstUnread(in: chat.peerId).map(UnreadDivider.init)
    }

    func unread(_ divider: UnreadDivider, again chat: ChatId) throws -> UnreadDivider? {
        let span = EngineUnreadSpan(first: divider.before.messageIndex(in: chat), count: Int32(clamping: divider.count),
                              readMark: divider.readMark, newestId: divider.newestId, deletions: divider.deletions)
        return try engine.messages.unreadSpan(span, again: chat.peerId).map(UnreadDivider.init)
    }

    func pinnedMessage(in chat: ChatId) throws -> ChatMessage? {
        try engine.messages.pinned(in: chat.peerId).flatMap { map($0).first }
    }

    func draft(in chat: ChatId) throws -> ComposerDraft? {
        try engine.messages.draft(in: chat.peerId).map { ComposerDraft(text: $0.draft.text, replyTo: $0.replyTo?.chatIndex) }
    }

    /// Through the search index, newest first.
    func findAll(_ query: String, in chat: ChatId, limit: Int) throws -> [ChatMessage.Index] {
        try engine.messages.matches(EngineMessageSearch(text: EngineTextMatcher(query), chat: chat.peerId, limit: limit)).map(\.index.chatIndex)
    }

    /// A private chat's other side; in a group or channel the authors of its newest
    /// `mentionScanLimit` messages, newest first, the account itself left out.
    func mentionCandidates(in chat: ChatId) throws -> [MentionCandidate] {
        let peers = chat.isOneToOne ? try engine.peers.peer(chat.peerId).map { [$0] } ?? []
            : try engine.peers.recentAuthors(in: chat.peerId, scanning: Self.mentionScanLimit)
        return peers.map { MentionCandidate(name: $0.displayTitle, username: $0.username) }
    }

    static let mentionScanLimit = 500

    func names(_ ids: Set<ChatId>) throws -> [ChatId: String] {
        var result: [ChatId: String] = [:]
        for (id, peer) in try engine.peers.peers(ids.map(\.peerId)) { result[id.chatId] = peer.displayTitle }
        return result
    }

    func maxOutgoingReadId(in chat: ChatId) throws -> Int32 {
        try engine.messages.readState(chat.peerId)?.maxOutgoingReadId ?? 0
    }

    func typing(in chat: ChatId) throws -> String? {
        guard let user = presence?.typist(in: chat.peerId) else { return nil }
        guard user != chat.peerId, let peer = try engine.peers.peers([user]).first?.1 else { return "typing…" }
        return "\(peer.firstName.isEmpty ? peer.displayTitle : peer.firstName) is typing…"
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

    /// A group's or channel's members (subscribers) as the server last said, as Telegram's chat
    /// header counts them; a person's username; a secret chat says so.
    func subtitle(of chat: ChatId) throws -> String? {
        guard let peer = try engine.peers.peer(chat.peerId) else { return nil }
        if peer.isSecretChat { return "secret chat" }
        if let count = peer.memberCount, !peer.isUser {
            let noun = peer.rights.contains(.broadcast) ? "subscriber" : "member"
            return "\(count) \(noun)\(count == 1 ? "" : "s")"
        }
        return peer.username.map { "@" + $0 }
    }

    func isBroadcast(_ chat: ChatId) throws -> Bool {
        try engine.peers.peer(chat.peerId)?.rights.contains(.broadcast) ?? false
    }

    func writeRestriction(in chat: ChatId) throws -> String? {
        try engine.peers.peer(chat.peerId)?.writeRestriction
    }

    /// A chat's name for a screen opened without a row to take it from (a call begun elsewhere).
    func title(of chat: ChatId) throws -> String? {
        try engine.peers.peer(chat.peerId)?.displayTitle
    }
}

extension EngineDataSources {
    /// A page as the chat screen draws it.
    func map(_ page: EngineHistoryPage) -> [ChatMessage] {
        let mapping = ChatMessageMapping(page.associated, mediaBox: engine.mediaBox, downloads: downloads)
        return page.messages.map(mapping.chatMessage)
    }
}

extension UnreadDivider {
    init(_ span: EngineUnreadSpan) {
        self.init(before: span.first.chatIndex, count: Int(span.count), readMark: span.readMark, newestId: span.newestId,
                  deletions: span.deletions)
    }
}
