import Display

/// Finding a message in the chat from the selection (vim style's `/` and `n`): `/` opens a query
/// in the composer's row, Enter selects the newest message older than the selection that has
/// its words, `n` the next one older again. The view goes there, reading that part of the
/// history if it is not loaded.
extension ChatController {
    /// `/`: the query line opens (empty), taking the keys until Enter or Esc.
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
            findNext()
        default:
            guard query.handle(key) else { return true }
            findQuery = query
        }
        return true
    }

    /// The next message older than the selection with the last query's words, selected.
    func findNext() {
        guard let text = lastFind, !text.isEmpty else { return }
        do {
            guard let found = try source.find(text, in: peerId, before: selection) else {
                note("Not found: \(text)")
                return
            }
            if history.position(of: found) == nil {
                try history.load(around: found, source, peerId)
                version += 1
            }
            select(found)
        } catch {
            note("Cannot search: \(error)")
        }
    }
}
