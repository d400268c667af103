import Display

/// The message selection: ↑ ↓ a message at a time, PgUp PgDn a screen, Home the oldest (its
/// page read, however far), End the newest; the view follows the selected message; Esc back to
/// the composer. The selection's action keys are in ChatController+Actions.
extension ChatController {
    /// ↑ from an empty composer: the newest message, read first if the view is elsewhere.
    func selectNewest() {
        if history.hasNewer { jumpToNewest() }
        guard let newest = history.messages.last(where: { !$0.content.isService }) ?? history.messages.last else { return }
        select(newest.index)
    }

    func select(_ index: ChatMessage.Index) {
        selection = index
        status = nil
        revealSelection()
    }

    func endSelection() {
        selection = nil
        marked = []
        status = nil
    }

    /// The selection's keys, as the person's bindings name them (`.selection`, sequences too).
    func handleSelectionKey(_ key: KeyEvent) -> Bool {
        if findQuery != nil { return handleFindKey(key) }
        switch selectionKeys.read(key, in: .selection, bindings: keyBindings) {
        case .pending: return true
        case .unbound: return false
        case .action(let action):
            guard case .selection(let action) = action else { return false }
            return perform(action)
        }
    }

    func perform(_ action: SelectionKeyAction) -> Bool {
        let page = max((historyArea?.height ?? 10) - 1, 1)
        switch action {
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .pageUp: moveSelection(lines: -page)
        case .pageDown: moveSelection(lines: page)
        case .top:
            jumpToOldest()
            if let first = history.messages.first { select(first.index) }
        case .bottom:
            jumpToNewest()
            if let last = history.messages.last { select(last.index) }
        case .exit: endSelection()
        case .nextUnreadChat: openNextUnread()
        case .search: startFind()
        case .nextHit: findNext()
        case .previousHit: findPrevious()
        default:
            // The status line tells the latest action's outcome, never an older one's.
            status = nil
            return performMessageAction(action)
        }
        return true
    }

    /// One message older (−1) or newer (+1), reading the next page when the end of what is
    /// loaded is reached; past the newest, back to the composer.
    func moveSelection(by step: Int) {
        guard let current = selection, var position = history.position(of: current) else {
            selectNewest()
            return
        }
        if step < 0, position == 0, history.hasOlder {
            let added = (try? history.loadOlder(source, peerId)) ?? 0
            if added > 0 { version += 1 }
            position += added
        }
        if step > 0, position == history.messages.count - 1, history.hasNewer {
            if ((try? history.loadNewer(source, peerId)) ?? 0) > 0 { version += 1 }
        }
        let target = position + step
        if target >= history.messages.count {
            if !history.hasNewer { endSelection() }
            return
        }
        guard target >= 0 else { return }
        select(history.messages[target].index)
    }

    /// About `lines` rows up (−) or down (+): the message found there selected.
    func moveSelection(lines: Int) {
        guard let current = selection, let (width, _) = historyArea else { return }
        let all = historyLines(width: width)
        guard let from = all.firstIndex(where: { $0.message == current }) else { return }
        let to = min(max(from + lines, 0), all.count - 1)
        let found = lines < 0 ? all[to...from].first(where: { $0.message != nil && $0.message != current })?.message
                              : all[from...to].last(where: { $0.message != nil && $0.message != current })?.message
        if let found {
            select(found)
        } else {
            moveSelection(by: lines < 0 ? -1 : 1)
        }
    }

    /// The view scrolled the least that shows the whole selected message (its top, when taller
    /// than the view); pages past either end read as needed.
    func revealSelection() {
        guard let index = selection, let (width, height) = historyArea else { return }
        let all = historyLines(width: width)
        guard let first = all.firstIndex(where: { $0.message == index }) else { return }
        let last = all.lastIndex(where: { $0.message == index }) ?? first
        let bottom = all.count - scrollFromBottom
        if last >= bottom {
            scrollFromBottom = max(all.count - (last + 1), 0)
        }
        let top = all.count - scrollFromBottom - height
        if first < top || last - first + 1 > height {
            scrollFromBottom = max(all.count - first - height, 0)
        }
        loadPagesIfNeeded()
    }

    /// The selection kept on a message that still exists after a reload (the nearest older one
    /// when it was deleted), the marks on loaded messages only, and no reply to a message deleted
    /// from what is loaded.
    func keepSelectionLoaded() {
        marked = marked.filter { history.position(of: $0) != nil }
        if let reply = replyTarget, history.position(of: reply.index) == nil, reply.index > (history.messages.first?.index ?? reply.index) {
            replyTarget = nil
        }
        guard let index = selection, history.position(of: index) == nil else { return }
        if let older = history.messages.last(where: { $0.index < index }) ?? history.messages.first {
            selection = older.index
        } else {
            endSelection()
        }
    }

    /// The messages an action is for: the marked ones, else the selected one.
    var actedOn: [ChatMessage] {
        let indices = marked.isEmpty ? selection.map { [$0] } ?? [] : marked.sorted()
        return indices.compactMap { history.position(of: $0).map { history.messages[$0] } }
    }
}
