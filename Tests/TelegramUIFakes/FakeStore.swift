import Display
import TelegramUI

extension ChatId {
    public static func user(_ id: Int64) -> ChatId { ChatId(kind: .user, id: id, packed: id) }
    public static func group(_ id: Int64) -> ChatId { ChatId(kind: .group, id: id, packed: 1 << 32 | id) }
    public static func channel(_ id: Int64) -> ChatId { ChatId(kind: .channel, id: id, packed: 2 << 32 | id) }
}

/// Every data source the screens read, in memory, recording each call and whether a frame was
/// being drawn when it came: the screens must read only from input, reloads and the step before
/// a frame, never while drawing.
public final class FakeStore: ChatListDataSource, ChatHistoryDataSource, ChatSearchDataSource, ContactsDataSource, CallsDataSource {
    public init() {}

    public var chats: [ChatListItem] = []
    public var unreadChats: Int64 = 0
    /// Each chat's history, oldest first.
    public var histories: [ChatId: [ChatMessage]] = [:]
    public var authors: [ChatId: String] = [:]
    public var subtitles: [ChatId: String] = [:]
    public var outgoingRead: [ChatId: Int32] = [:]
    public var contactItems: [ContactItem] = []
    public var callItems: [CallItem] = []
    public var searchResults: (String, Int) -> [ChatSearchResult] = { _, _ in [] }

    /// Set by `draw(_:)` around a frame.
    public var isDrawing = false
    public private(set) var log: [String] = []
    public private(set) var readsWhileDrawing: [String] = []
    /// The `before` of every history read, in order (nil: the newest page).
    public private(set) var historyReads: [ChatMessage.Index?] = []

    private func record(_ call: String) {
        log.append(call)
        if isDrawing { readsWhileDrawing.append(call) }
    }

    /// Draws a frame of `window` with the store watching.
    @MainActor
    public func draw(_ window: Window) -> [String] {
        isDrawing = true
        defer { isDrawing = false }
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        return surface.textLines
    }

    public func chatList(limit: Int, now: Int32, unreadIncludingMuted: Bool) throws -> ChatListPage {
        record("chatList(\(limit))")
        return ChatListPage(items: Array(chats.prefix(limit)), unreadChats: unreadChats)
    }

    public func messages(in chat: ChatId, before index: ChatMessage.Index?, limit: Int) throws -> [ChatMessage] {
        record("messages")
        historyReads.append(index)
        let older = (histories[chat] ?? []).filter { message in index.map { message.index < $0 } ?? true }
        let page = Array(older.suffix(limit).reversed())
        // A page stops at a hole, as the engine's do.
        guard let hole = (serverHoles[chat] ?? []).filter({ hole in index.map { hole.lowerBound < $0.id } ?? true }).max(by: { $0.lowerBound < $1.lowerBound }),
              let cut = page.firstIndex(where: { $0.index.id <= hole.upperBound }) else { return page }
        return Array(page[..<cut])
    }

    public func messages(in chat: ChatId, after index: ChatMessage.Index?, limit: Int) throws -> [ChatMessage] {
        record("messagesAfter")
        let newer = (histories[chat] ?? []).filter { message in index.map { message.index > $0 } ?? true }
        let page = Array(newer.prefix(limit))
        guard let hole = (serverHoles[chat] ?? []).filter({ hole in hole.upperBound > (index?.id ?? 0) }).min(by: { $0.lowerBound < $1.lowerBound }),
              let cut = page.firstIndex(where: { $0.index.id >= hole.lowerBound }) else { return page }
        return Array(page[..<cut])
    }

    /// Ids of each chat's history that are on the server and not here (their messages stay in
    /// `histories`, unread by the pages until a test removes the hole), and what the chat
    /// screen asked of the server: "older below N", "newer above N".
    public var serverHoles: [ChatId: [ClosedRange<Int32>]] = [:]
    public private(set) var serverAsks: [String] = []
    /// What a fetch answers while a hole is there (.fetching, or why not).
    public var serverAnswer: HistoryOnServer = .fetching

    public func fetchOlder(in chat: ChatId, below index: ChatMessage.Index?) throws -> HistoryOnServer {
        let below = index?.id ?? .max
        guard (serverHoles[chat] ?? []).contains(where: { $0.lowerBound < below }),
              try messages(in: chat, before: index, limit: 1).isEmpty else { return .none }
        serverAsks.append("older below \(below)")
        return serverAnswer
    }

    public func fetchNewer(in chat: ChatId, above index: ChatMessage.Index?) throws -> HistoryOnServer {
        let above = index?.id ?? 0
        guard (serverHoles[chat] ?? []).contains(where: { $0.upperBound > above }),
              try messages(in: chat, after: index, limit: 1).isEmpty else { return .none }
        serverAsks.append("newer above \(above)")
        return serverAnswer
    }

    /// Each chat's pinned message and draft.
    public var pinned: [ChatId: ChatMessage.Index] = [:]
    public var drafts: [ChatId: ComposerDraft] = [:]

    public func pinnedMessage(in chat: ChatId) throws -> ChatMessage? {
        pinned[chat].flatMap { index in histories[chat]?.first { $0.index == index } }
    }

    public func draft(in chat: ChatId) throws -> ComposerDraft? { drafts[chat] }

    /// Why each chat cannot be written to, where it cannot.
    public var writeRestrictions: [ChatId: String] = [:]

    public func writeRestriction(in chat: ChatId) throws -> String? { writeRestrictions[chat] }

    /// The broadcast channels among the chats (their posts carry no author).
    public var broadcasts: Set<ChatId> = []

    public func isBroadcast(_ chat: ChatId) throws -> Bool { broadcasts.contains(chat) }

    public func findAll(_ query: String, in chat: ChatId, limit: Int) throws -> [ChatMessage.Index] {
        record("find")
        let hits = (histories[chat] ?? []).filter { $0.text.lowercased().contains(query.lowercased()) }.map(\.index)
        return Array(hits.sorted(by: >).prefix(limit))
    }

    /// Who each chat's `@` can name.
    public var mentions: [ChatId: [MentionCandidate]] = [:]

    public func mentionCandidates(in chat: ChatId) throws -> [MentionCandidate] {
        record("mentionCandidates")
        return mentions[chat] ?? []
    }

    /// Each chat's read mark for incoming messages (ids above it are unread).
    public var incomingRead: [ChatId: Int32] = [:]

    public func firstUnread(in chat: ChatId) throws -> UnreadDivider? {
        record("firstUnread")
        guard let mark = incomingRead[chat] else { return nil }
        let newest = (histories[chat] ?? []).map(\.index.id).max() ?? 0
        return unread(in: chat, above: mark, upTo: newest)
    }

    /// Counted again from what is in the fake, whatever changed.
    public func unread(_ divider: UnreadDivider, again chat: ChatId) throws -> UnreadDivider? {
        record("unreadAgain")
        return unread(in: chat, above: divider.readMark, upTo: divider.newestId)
    }

    private func unread(in chat: ChatId, above mark: Int32, upTo newest: Int32) -> UnreadDivider? {
        let unread = (histories[chat] ?? []).filter { $0.isIncoming && $0.index.id > mark && $0.index.id <= newest }.sorted { $0.index < $1.index }
        return unread.first.map { UnreadDivider(before: $0.index, count: unread.count, readMark: mark, newestId: newest) }
    }

    public func names(_ ids: Set<ChatId>) throws -> [ChatId: String] {
        record("names")
        return authors.filter { ids.contains($0.key) }
    }

    public func maxOutgoingReadId(in chat: ChatId) throws -> Int32 {
        record("maxOutgoingReadId")
        return outgoingRead[chat] ?? 0
    }

    public func subtitle(of chat: ChatId) throws -> String? {
        record("subtitle")
        return subtitles[chat]
    }

    public func search(_ query: String, messageLimit: Int) throws -> [ChatSearchResult] {
        record("search")
        return searchResults(query, messageLimit)
    }

    public func contacts() throws -> [ContactItem] {
        record("contacts")
        return contactItems
    }

    public func calls(limit: Int) throws -> [CallItem] {
        record("calls")
        return Array(callItems.prefix(limit))
    }

    // MARK: The fixture

    public static let ada = ChatId.user(2), engineClub = ChatId.group(3)

    /// Engine Club, a group with `messages` messages a minute apart (even ones Ada's, incoming),
    /// and Ada's one older chat; the list as a store would read it.
    public static func fixture(messages: Int) -> FakeStore {
        let store = FakeStore()
        store.histories[engineClub] = (0 ..< messages).map { n -> ChatMessage in
            let id = Int32(n + 1)
            let author: ChatId = id % 2 == 0 ? ada : .user(1)
            return ChatMessage(index: ChatMessage.Index(timestamp: 1_700_000_000 + id * 60, id: id),
                               authorId: author, text: "message \(id)", isIncoming: id % 2 == 0)
        }
        store.histories[ada] = [ChatMessage(index: .init(timestamp: 1_600_000_000, id: 1), authorId: ada, text: "older chat", isIncoming: true)]
        store.authors = [ada: "Ada Lovelace", .user(1): "Me"]
        let last = messages
        var group = ChatListItem(peerId: engineClub, title: "Engine Club", unreadCount: Int32(messages / 2),
                                 preview: (last % 2 == 0 ? "Ada: " : "You: ") + "message \(last)",
                                 timestamp: 1_700_000_000 + Int32(last) * 60, letters: ["E", "C"])
        group.topMessage = .init(timestamp: group.timestamp, id: Int32(last))
        group.topMessageIsIncoming = last % 2 == 0
        store.chats = [group, ChatListItem(peerId: ada, title: "Ada Lovelace", unreadCount: 1, preview: "older chat",
                                           timestamp: 1_600_000_000, letters: ["A", "L"])]
        store.unreadChats = 2
        return store
    }
}
