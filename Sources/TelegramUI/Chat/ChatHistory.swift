/// The part of a chat's history in memory: pages read from the source as the view scrolls up,
/// oldest first. A 200,000-message chat is never read whole: the first page is the newest
/// `pageSize`, each older page is read when the view comes near the top of what is loaded.
struct ChatHistory {
    static let pageSize = 100

    private(set) var messages: [ChatMessage] = []
    /// Whether an older page may exist (the last read filled its page).
    private(set) var hasOlder = true

    /// The newest page, merged with what is loaded (messages that arrived are added, the rest kept).
    mutating func loadNewest(_ source: any ChatHistoryDataSource, _ chat: ChatId) throws {
        let page = try source.messages(in: chat, before: nil, limit: Self.pageSize)
        if messages.isEmpty { hasOlder = page.count == Self.pageSize }
        // More than a page arrived since the last read: what is loaded no longer joins the newest
        // page, so start again from it rather than keep a gap.
        if let oldest = page.last, let newestLoaded = messages.last, page.count == Self.pageSize, oldest.index > newestLoaded.index {
            messages = []
            hasOlder = true
        }
        merge(page)
    }

    /// The page before the oldest loaded message, put in front of what is loaded (no re-sort of
    /// everything: deep in a long chat that cost more than the page). Returns how many came.
    @discardableResult
    mutating func loadOlder(_ source: any ChatHistoryDataSource, _ chat: ChatId) throws -> Int {
        guard hasOlder else { return 0 }
        let first = messages.first?.index
        let page = try source.messages(in: chat, before: first, limit: Self.pageSize)
        hasOlder = page.count == Self.pageSize
        let older = page.filter { message in first.map { message.index < $0 } ?? true }.sorted { $0.index < $1.index }
        messages = older + messages
        return older.count
    }

    private mutating func merge(_ page: [ChatMessage]) {
        guard !page.isEmpty else { return }
        var byIndex: [ChatMessage.Index: ChatMessage] = [:]
        for message in messages { byIndex[message.index] = message }
        for message in page { byIndex[message.index] = message }
        messages = byIndex.values.sorted { $0.index < $1.index }
    }
}
