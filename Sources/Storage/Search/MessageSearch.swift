/// Message search over the Postbox (Siri's INSearchForMessages, the interface's `/` search), newest first, fast on 200,000 messages: the
/// chats are walked from the top of the chat list (pinned, then newest), each chat's history
/// newest first, and the walk stops as soon as nothing older can make the list — once `limit`
/// hits are held, a chat whose newest message is older than the oldest hit ends it, because every
/// chat after it is older still. `--unread` visits only chats whose read state counts unread
/// messages, and in them only the messages above the read mark.
public struct MessageSearch: Sendable {
    public struct Hit: Sendable {
        public let message: Message
        public let isRead: Bool
    }

    /// Text the message must contain, case-insensitively.
    public var text: TextMatcher?
    /// One chat only (`--from`).
    public var chat: PeerId?
    public var unreadOnly = false
    public var since: Int32?
    public var limit = 20

    /// A chat's history is read in pages (PostboxTransaction reads from the newest message; it
    /// has no cursor), sized so that a page is rarely read twice: see `firstPage`.
    static let firstTextPage = 8
    /// Bounds memory: the largest page holds a few hundred KiB of messages.
    static let largestPage = 4096
    /// The chat list is read the same way, 64 chats first, four times more each time.
    static let firstChatPage = 64

    public init(text: TextMatcher? = nil, chat: PeerId? = nil, unreadOnly: Bool = false, since: Int32? = nil, limit: Int = 20) {
        self.text = text
        self.chat = chat
        self.unreadOnly = unreadOnly
        self.since = since
        self.limit = limit
    }

    public func run(_ t: PostboxTransaction) throws -> [Hit] {
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
                    let top = entry.topMessageIndex
                    if let since, top.timestamp < since { break walk }
                    if let oldest = hits.oldestIfFull, top < oldest { break walk }
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
                if let text, !text.matches(message.text) { continue }
                hits.insert(Hit(message: message, isRead: !isUnread))
            }
            let unfiltered = text == nil && !unreadOnly
            if messages.count < page || (unfiltered && page >= limit) { return }
            fetched = messages.count
            page = unfiltered ? min(page * 4, limit) : min(max(page * 4, Int(newestId) + 1), max(page * 4, Self.largestPage))
        }
    }
}

/// The newest `limit` hits so far, newest first.
struct NewestHits {
    let limit: Int
    private(set) var items: [MessageSearch.Hit] = []

    init(limit: Int) { self.limit = limit }

    /// The bar a message must clear once the list is full.
    var oldestIfFull: MessageIndex? { items.count >= limit ? items.last?.message.index : nil }

    mutating func insert(_ hit: MessageSearch.Hit) {
        let index = hit.message.index
        let position = items.firstIndex { $0.message.index < index } ?? items.count
        guard position < limit else { return }
        items.insert(hit, at: position)
        if items.count > limit { items.removeLast() }
    }
}
