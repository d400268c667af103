import Display

/// Finding messages in the chat: the `search` key (^F; vim style's `/` in the selection) opens a
/// query line in the composer's row; Enter finds every message with its words (newest first, up
/// to the data source's limit), selects the first one older than the selection (the newest
/// without one) and says which it is ("3 of 17"); the next hit (F3, vim's `n`) goes older, the
/// previous (⇧F3, `N`) newer. The view goes there, reading that part of the history if it is not
/// loaded.
extension ChatController {
    /// Hits a find looks through: the next hit goes back this far from the newest.
    static let findLimit = 1000

    /// The query line opens (empty), taking the keys until Enter or Esc.
    func startFind() {
        findQuery = Composer(capacity: 256)
        status = nil
    }

    /// The query line's keys: typing, ⌫, Enter to find, Esc to close it.
    func handleFindKey(_ key: KeyEvent) -> Bool {
        guard var query = findQuery else { return false }
        switch key.key {
        case .escape:
            findQuery = nil
        case .enter:
            findQuery = nil
            lastFind = query.text
            findFirst()
        default:
            guard query.handle(key) else { return true }
            findQuery = query
        }
        return true
    }

    /// Every hit of the query, and the first one older than the selection selected.
    private func findFirst() {
        guard let text = lastFind, !text.isEmpty else { return }
        do {
            findHits = try source.findAll(text, in: peerId, limit: Self.findLimit)
        } catch {
            findHits = []
            return note("Cannot search: \(error)")
        }
        guard !findHits.isEmpty else { return note("Not found: \(text)") }
        let start = selection.flatMap { current in findHits.firstIndex { $0 < current } } ?? 0
        show(hit: start)
    }

    /// The next hit, older; past the oldest, round to the newest.
    func findNext() {
        guard !findHits.isEmpty else { return findFirst() }
        show(hit: (findPosition + 1) % findHits.count)
    }

    /// The previous hit, newer; past the newest, round to the oldest.
    func findPrevious() {
        guard !findHits.isEmpty else { return findFirst() }
        show(hit: (findPosition + findHits.count - 1) % findHits.count)
    }

    private func show(hit position: Int) {
        let found = findHits[position]
        do {
            if history.position(of: found) == nil {
                try history.load(around: found, source, peerId)
                version += 1
            }
        } catch {
            return note("Cannot search: \(error)")
        }
        guard history.position(of: found) != nil else { return note("That message is no longer here") }
        findPosition = position
        select(found)
        let total = findHits.count >= Self.findLimit ? "\(Self.findLimit)+" : String(findHits.count)
        note("“\(lastFind ?? "")”: \(position + 1) of \(total)")
    }
}
