/// The part of a chat's history in memory: a window of consecutive messages, oldest first, read a
/// page at a time. It usually ends at the newest message and grows upward as the view scrolls;
/// opened somewhere else (at the first unread message, a search hit, the top), it also grows
/// downward until it meets the newest. A 200,000-message chat is never read whole.
struct ChatHistory {
    static let pageSize = 100
    /// The newest messages a refresh reads again: more than a tall screen shows, fewer than a page
    /// (each is read and mapped at every change; what is on screen beyond them is read by itself).
    static let refreshSize = 50

    private(set) var messages: [ChatMessage] = []
    /// Whether an older page may exist (the last read filled its page).
    private(set) var hasOlder = true
    /// Whether newer messages exist below the window (opened away from the end).
    private(set) var hasNewer = false
    /// What the server has right below the window that is not here yet: the window's newest
    /// message sits at a hole, and the messages after it wait for the server (.none: none do).
    private(set) var newerOnServer: HistoryOnServer = .none

    /// Re-reads what may have changed: the newest page when the window reaches the end (new,
    /// edited and deleted messages there), and the messages in `visible` (an edit or a deletion
    /// on screen, anywhere in the history). `following`: the view is at the bottom, so a burst of
    /// more than a page moves the window to the newest; otherwise the window stays where the
    /// person reads and the newer ones wait below it.
    /// Returns whether anything loaded changed.
    @discardableResult
    mutating func refresh(_ source: any ChatHistoryDataSource, _ chat: ChatId, visible: ClosedRange<ChatMessage.Index>? = nil,
                          following: Bool = true) throws -> Bool {
        var changed = false
        // The newest page read again covers `visible` when it reaches down to it: no second read.
        var covered = false
        if !hasNewer {
            let page = try source.messages(in: chat, before: nil, limit: Self.refreshSize)
            if messages.isEmpty { hasOlder = page.count == Self.refreshSize }
            if let oldest = page.last, let newestLoaded = messages.last, page.count == Self.refreshSize, oldest.index > newestLoaded.index {
                // More than a page arrived since the last read: it no longer joins what is loaded.
                if following {
                    messages = []
                    hasOlder = true
                    changed = true
                } else {
                    hasNewer = true
                }
            }
            if !hasNewer {
                // The page is the truth from its oldest message up (or the whole chat, if short).
                let from = page.count == Self.refreshSize ? page.last?.index : nil
                changed = replace(from: from, to: nil, with: page) || changed
                covered = visible.map { visible in from.map { visible.lowerBound >= $0 } ?? true } ?? true
            }
        }
        if let visible, !covered { changed = try reread(visible, source, chat) || changed }
        return changed
    }

    /// The messages loaded in `range` read again: edited ones replaced, deleted ones gone.
    private mutating func reread(_ range: ClosedRange<ChatMessage.Index>, _ source: any ChatHistoryDataSource, _ chat: ChatId) throws -> Bool {
        let inside = messages.filter { range.contains($0.index) }.count
        guard inside > 0 else { return false }
        let above = messages.first { $0.index > range.upperBound }?.index
        let page: [ChatMessage]
        if let above {
            page = try source.messages(in: chat, before: above, limit: inside + 1)
        } else if !hasNewer {
            page = try source.messages(in: chat, before: nil, limit: inside + 1)
        } else {
            let below = messages.last { $0.index < range.lowerBound }?.index
            page = try source.messages(in: chat, after: below, limit: inside + 1)
        }
        return replace(from: range.lowerBound, to: range.upperBound, with: page.filter { range.contains($0.index) })
    }

    /// Loaded messages from `from` to `to` (open ends when nil) replaced by `page`'s; whether
    /// that changed anything. What is loaded is in order, so the range is one stretch of it,
    /// found by bisection and swapped whole (this runs at every refresh).
    private mutating func replace(from: ChatMessage.Index?, to: ChatMessage.Index?, with page: [ChatMessage]) -> Bool {
        // Pages come newest first; anything else is sorted. Only the range's own go in, so the
        // order holds around the stretch.
        var fresh = page.reversed().filter { message in
            (from.map { message.index >= $0 } ?? true) && (to.map { message.index <= $0 } ?? true)
        }
        if !fresh.indices.dropFirst().allSatisfy({ fresh[$0 - 1].index < fresh[$0].index }) { fresh.sort { $0.index < $1.index } }
        let lower = from.map { bound in firstPosition { $0.index >= bound } } ?? 0
        let upper = to.map { bound in firstPosition { $0.index > bound } } ?? messages.count
        let stretch = lower ..< max(lower, upper)
        guard !messages[stretch].elementsEqual(fresh) else { return false }
        messages.replaceSubrange(stretch, with: fresh)
        return true
    }

    /// The first position in `messages` where `isPast` holds (it holds from there on).
    private func firstPosition(where isPast: (ChatMessage) -> Bool) -> Int {
        var (low, high) = (0, messages.count)
        while low < high {
            let middle = (low + high) / 2
            if isPast(messages[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
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

    /// Older messages may have come in front of the oldest loaded one (fetched from the server):
    /// the next loadOlder looks.
    mutating func mayHaveOlder() { hasOlder = true }

    /// The page after the newest loaded message, added below it. Returns how many came.
    @discardableResult
    mutating func loadNewer(_ source: any ChatHistoryDataSource, _ chat: ChatId) throws -> Int {
        guard hasNewer, newerOnServer == .none else { return 0 }
        let last = messages.last?.index
        let page = try source.messages(in: chat, after: last, limit: Self.pageSize)
        let newer = page.filter { message in last.map { message.index > $0 } ?? true }.sorted { $0.index < $1.index }
        messages += newer
        try endOfNewer(full: page.count == Self.pageSize, source, chat)
        return newer.count
    }

    /// After a page read forward: a full one may have more after it; a short one ends the
    /// history, or stops at a hole, whose messages are then asked of the server.
    private mutating func endOfNewer(full: Bool, _ source: any ChatHistoryDataSource, _ chat: ChatId) throws {
        newerOnServer = full ? .none : try source.fetchNewer(in: chat, above: messages.last?.index)
        hasNewer = full || newerOnServer != .none
    }

    /// Newer messages may have come from the server after the newest loaded one: the next
    /// loadNewer looks.
    mutating func mayHaveNewer() { newerOnServer = .none }

    /// The window moved to `index`: a page before it and a page from it on.
    mutating func load(around index: ChatMessage.Index, _ source: any ChatHistoryDataSource, _ chat: ChatId) throws {
        let older = try source.messages(in: chat, before: index, limit: Self.pageSize)
        let newer = try source.messages(in: chat, after: older.first?.index, limit: Self.pageSize)
        messages = (older.reversed() + newer).sorted { $0.index < $1.index }
        hasOlder = older.count == Self.pageSize
        try endOfNewer(full: newer.count == Self.pageSize, source, chat)
    }

    /// The window moved to the top of the chat: its oldest page.
    mutating func loadOldest(_ source: any ChatHistoryDataSource, _ chat: ChatId) throws {
        let page = try source.messages(in: chat, after: nil, limit: Self.pageSize)
        messages = page.sorted { $0.index < $1.index }
        hasOlder = false
        try endOfNewer(full: page.count == Self.pageSize, source, chat)
    }

    /// The window moved back to the end of the chat: its newest page.
    mutating func loadNewest(_ source: any ChatHistoryDataSource, _ chat: ChatId) throws {
        messages = []
        hasOlder = true
        hasNewer = false
        newerOnServer = .none
        try refresh(source, chat)
    }

    /// The position of `index` among the loaded messages, if it is loaded.
    func position(of index: ChatMessage.Index) -> Int? {
        var low = 0, high = messages.count
        while low < high {
            let middle = (low + high) / 2
            if messages[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low < messages.count && messages[low].index == index ? low : nil
    }
}
