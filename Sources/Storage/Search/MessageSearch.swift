/// Message search over the Postbox (Siri's INSearchForMessages, the interface's `/` search),
/// newest first (SearchOrder), at most `limit` hits. Text is matched by word prefixes
/// (TextMatcher: every query word begins some word of the message) against the message's
/// searchable text (MessageSummary.searchableText): its text and what its media say, so a poll's
/// answer, a contact's name or a file's name finds the message too.
///
/// Two ways to the same answer:
/// - The search index (IndexedMessageSearch), when main has built it for this store and the query
///   has a word of at least 3 letters: posting lists newest bucket first, every candidate checked
///   against its decrypted text. A rare word costs its few rows, a common one stops after the
///   newest bucket that fills the list.
/// - The scan, otherwise (no text, only 1- and 2-letter words, an index not built yet, or `--from`
///   a chat small enough that reading it beats walking a word's list): the chats are walked from
///   the top of the chat list (pinned, then newest), each chat's history newest first, and the
///   walk stops as soon as nothing older can make the list — once `limit` hits are held, a chat
///   whose newest message is older than the oldest hit ends it, because every chat after it is
///   older still. `--unread` visits only chats whose read state counts unread messages, and in
///   them only the messages above the read mark.
public struct MessageSearch: Sendable {
    public struct Hit: Sendable {
        public let message: Message
        public let isRead: Bool
    }

    /// Which way a search goes; tests force one to compare them.
    enum Strategy: Sendable {
        case automatic, scan, index
    }

    /// Words the message must have word prefixes of.
    public var text: TextMatcher?
    /// One chat only (`--from`).
    public var chat: PeerId?
    public var unreadOnly = false
    public var since: Int32?
    public var limit = 20
    var strategy = Strategy.automatic

    /// A chat's history is read in pages (PostboxTransaction reads from the newest message; it
    /// has no cursor), sized so that a page is rarely read twice: see `firstPage`.
    static let firstTextPage = 8
    /// Bounds memory: the largest page holds a few hundred KiB of messages.
    static let largestPage = 4096
    /// The chat list is read the same way, 64 chats first, four times more each time.
    static let firstChatPage = 64
    /// `--from` a chat with at most this many messages scans it: a few milliseconds at most,
    /// where a common word's posting list can be far longer than the chat. (Counted by the ids it
    /// spans, a group's history exported inside it included: MessageIdIndex.idSpan.)
    static let smallChat: Int64 = 4096

    public init(text: TextMatcher? = nil, chat: PeerId? = nil, unreadOnly: Bool = false, since: Int32? = nil, limit: Int = 20) {
        self.text = text
        self.chat = chat
        self.unreadOnly = unreadOnly
        self.since = since
        self.limit = limit
    }

    public func run(_ t: PostboxTransaction) throws -> [Hit] {
        if let indexed = try indexedSearch(t) { return try indexed.run(t) }
        return try scan(t)
    }

    /// The index's search when it can answer (see the type's comment), else nil: the scan.
    func indexedSearch(_ t: PostboxTransaction) throws -> IndexedMessageSearch? {
        guard strategy != .scan, let text, !text.isEmpty else { return nil }
        var hashes: [UInt64] = []
        for word in text.words {
            if let hash = t.searchHasher.queryHash(word), !hashes.contains(hash) { hashes.append(hash) }
        }
        guard !hashes.isEmpty, try t.searchIndexState() == .complete else { return nil }
        if strategy == .automatic, let chat, try t.messageIdSpan(chat) <= Self.smallChat { return nil }
        return IndexedMessageSearch(search: self, text: text, hashes: hashes)
    }

    /// The readers' scan: always right, fast when the list fills early.
    func scan(_ t: PostboxTransaction) throws -> [Hit] {
        var hits = NewestHits(limit: limit)
        if let chat {
            try scan(chat, readState: t.readState(chat), newestId: t.chatListKey(chat)?.topMessage.id.id ?? 0, t, &hits)
            return hits.items
        }
        var visited = 0
        var page = Self.firstChatPage
        walk: while true {
            let entries = try t.topChatListEntries(count: page)
            for entry in entries.dropFirst(visited) {
                if entry.pinningIndex == nil {
                    // By timestamp alone: the list orders the chats of one timestamp by their top
                    // message's id as big-endian bytes, where a negative id comes after the others.
                    let top = entry.topMessageIndex
                    if let since, top.timestamp < since { break walk }
                    if let oldest = hits.oldestIfFull, top.timestamp < oldest.timestamp { break walk }
                }
                if unreadOnly && (entry.readState?.unreadCount ?? 0) == 0 { continue }
                try scan(entry.peerId, readState: entry.readState, newestId: entry.topMessageIndex.id.id, t, &hits)
            }
            if entries.count < page { break }
            visited = entries.count
            page *= 4
        }
        return hits.items
    }

    /// Without a filter every message qualifies, so a chat can give at most its newest `limit`
    /// (fewer once the list is full: only those newer than its oldest hit). Unread messages sit
    /// at the top (outgoing ones between them, hence the slack). With text, a few first (a common
    /// word is found at once), then, as the whole chat may have to be read, as many as the chat's
    /// newest id says it holds (ids count a chat's messages).
    private func firstPage(unreadCount: Int32, listFull: Bool) -> Int {
        if text != nil { return Self.firstTextPage }
        if unreadOnly { return min(Int(unreadCount) * 2 + 8, Self.largestPage) }
        return listFull ? min(Self.firstTextPage, limit) : limit
    }

    private func scan(_ peerId: PeerId, readState: ReadState?, newestId: Int32, _ t: PostboxTransaction, _ hits: inout NewestHits) throws {
        // A chat without a read state has nothing counted unread.
        let readMark = readState?.maxIncomingReadId ?? Int32.max
        let unreadCount = readState?.unreadCount ?? 0
        var unreadSeen: Int32 = 0
        var fetched = 0
        var page = firstPage(unreadCount: unreadCount, listFull: hits.oldestIfFull != nil)
        while true {
            let messages = try t.latestMessages(peerId, limit: page)
            for message in messages.dropFirst(fetched) {
                if let since, message.index.timestamp < since { return }
                if let oldest = hits.oldestIfFull, message.index < oldest { return }
                let isUnread = message.isIncoming && message.id.id > readMark
                if unreadOnly {
                    // Ids grow with time in a chat: below the read mark everything is read.
                    if message.id.id <= readMark || unreadSeen >= unreadCount { return }
                    guard isUnread else { continue }
                    unreadSeen += 1
                }
                if let text, !text.matches(MessageSummary.searchableText(of: message)) { continue }
                hits.insert(Hit(message: message, isRead: !isUnread))
            }
            let unfiltered = text == nil && !unreadOnly
            if messages.count < page || (unfiltered && page >= limit) { return }
            fetched = messages.count
            page = unfiltered ? min(page * 4, limit) : min(max(page * 4, Int(newestId) + 1), max(page * 4, Self.largestPage))
        }
    }
}
