/// A scrolling list of selectable rows (the part of Telegram's `ListView` and `ItemListController`
/// a terminal needs): ↑/↓, Page Up/Down, Home/End (or the person's keys for the list context:
/// vim's j/k, gg/G) move the selection and the list scrolls to keep it in view; Enter or a click
/// opens the selected row through `onOpen`. Rows are
/// one line each, or two with `showsSubtitles` (a chat list's last message under the name), with
/// an optional picture at their left (`leadingColumns`: a chat list's avatars).
@MainActor
open class ListController: ViewController {
    public var items: [ListItem] {
        didSet {
            selectedIndex = min(selectedIndex, max(items.count - 1, 0))
            scrollToSelection()
        }
    }
    public private(set) var selectedIndex = 0
    /// The first row shown.
    public private(set) var scrollOffset = 0
    public var showsSubtitles = false
    /// Columns reserved at each row's left for its `leading` picture (0: none). Rows without one
    /// keep the space, so titles stay in one column.
    public var leadingColumns = 0
    /// Narrower than this, no leading column is drawn, so titles keep their room.
    public var leadingMinimumWidth = 50
    /// Called with the selected row's index on Enter or a click.
    public var onOpen: ((Int) -> Void)?

    public init(title: String, items: [ListItem] = []) {
        self.items = items
        super.init(title: title)
    }

    var rowHeight: Int { showsSubtitles ? 2 : 1 }

    /// Rows that fit in the content area of the current layout.
    public var visibleRowCount: Int {
        guard let layout = validLayout else { return 0 }
        return max(controllerLayout(layout).content.height / rowHeight, 0)
    }

    public func select(_ index: Int) {
        guard !items.isEmpty else { return }
        selectedIndex = min(max(index, 0), items.count - 1)
        scrollToSelection()
    }

    private func scrollToSelection() {
        // Before the first layout the height is unknown: the layout scrolls when it comes (a
        // selection made in init would otherwise scroll as if one row fitted).
        guard validLayout != nil else { return }
        let visible = max(visibleRowCount, 1)
        if selectedIndex < scrollOffset { scrollOffset = selectedIndex }
        if selectedIndex >= scrollOffset + visible { scrollOffset = selectedIndex - visible + 1 }
        scrollOffset = min(max(scrollOffset, 0), max(items.count - visible, 0))
    }

    override open func containerLayoutUpdated(_ layout: ContainerViewLayout, transition: ContainedViewLayoutTransition) {
        super.containerLayoutUpdated(layout, transition: transition)
        scrollToSelection()
    }

    /// The columns the leading pictures take in a list `width` columns wide: `leadingColumns`, or
    /// 0 when there are none or the list is narrower than `leadingMinimumWidth`.
    public func leadingWidth(in width: Int) -> Int {
        leadingColumns > 0 && width >= leadingMinimumWidth ? leadingColumns : 0
    }

    override open func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        let theme = context.theme
        let width = canvas.size.width
        let leading = leadingWidth(in: width)
        // Text starts after the picture and a space; 1 without one.
        let text = leading > 0 ? leading + 2 : 1
        let end = min(items.count, scrollOffset + canvas.size.height / rowHeight + 1)
        guard scrollOffset < end else { return }
        for index in scrollOffset ..< end {
            let row = (index - scrollOffset) * rowHeight
            let item = items[index]
            let selected = index == selectedIndex
            let base = selected ? theme.selection : theme.content
            let secondary = selected ? theme.selection : theme.secondaryText
            canvas.fill(Rect(column: 0, row: row, width: width, height: rowHeight), style: base)
            if leading > 0, let picture = item.leading {
                canvas.draw(picture, at: Point(column: 1, row: row), over: base, size: Size(width: leading, height: rowHeight))
            }
            // Right side first (badge, then detail), so the title is cut to what is left.
            var right = width - 1
            if let badge = item.badge {
                let text = " " + badge + " "
                right -= TextWidth.of(text)
                canvas.put(text, column: right, row: row, style: theme.badge)
                right -= 1
            }
            if let detail = item.detail {
                right -= TextWidth.of(detail)
                canvas.put(detail, column: max(right, text), row: row, style: secondary, maxWidth: max(width - text - 1, 0))
                right -= 1
            }
            canvas.put(item.title, column: text, row: row, style: base.with(attributes: .bold), maxWidth: max(right - text, 0))
            if showsSubtitles, let subtitle = item.subtitle {
                canvas.put(subtitle, column: text, row: row + 1, style: secondary, maxWidth: max(width - text - 1, 0))
            }
        }
    }

    override open func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key):
            switch keyReader.read(key, in: .list, bindings: keyBindings) {
            case .pending: return true
            case .action(.list(let action)): return perform(action) || super.handle(event)
            case .action, .unbound: return super.handle(event)
            }
        case .mouse(let mouse):
            if super.handle(event) { return true }
            guard let layout = validLayout else { return false }
            let content = controllerLayout(layout).content
            guard content.contains(mouse.position) else { return false }
            switch mouse.kind {
            case .scrollUp: select(selectedIndex - 3)
            case .scrollDown: select(selectedIndex + 3)
            case .press(.left):
                let index = scrollOffset + (mouse.position.row - content.row) / rowHeight
                guard items.indices.contains(index) else { return false }
                select(index)
                onOpen?(index)
            default: return false
            }
            return true
        default:
            return super.handle(event)
        }
    }

    /// A list action, as the person's keys name it; false where it does nothing here (⏎ on no
    /// rows, `n` where there is no search), so the key goes on.
    open func perform(_ action: ListKeyAction) -> Bool {
        let page = max(visibleRowCount - 1, 1)
        switch action {
        case .up: select(selectedIndex - 1)
        case .down: select(selectedIndex + 1)
        case .pageUp: select(selectedIndex - page)
        case .pageDown: select(selectedIndex + page)
        case .top: select(0)
        case .bottom: select(items.count - 1)
        case .open:
            guard !items.isEmpty, let onOpen else { return false }
            onOpen(selectedIndex)
        case .search, .nextHit, .nextUnreadChat, .pinChat, .muteChat, .deleteChat, .newChat, .addMembers: return false
        }
        return true
    }

    /// Keys read so far of a sequence (`gg`).
    private var keyReader = KeySequenceReader()

    /// The move and open keys where there are rows to move through and open, then the bar's items.
    override open var keyHints: [KeyHintItem] {
        guard !items.isEmpty else { return super.keyHints }
        let bindings = keyBindings
        let move = [bindings.hint(for: .list(.up)), bindings.hint(for: .list(.down))].compactMap { $0 }
        var hints = move.isEmpty ? [] : [KeyHintItem(move.joined(), "move")]
        if onOpen != nil, let open = bindings.hint(for: .list(.open)) { hints.append(KeyHintItem(open, "open")) }
        return hints + super.keyHints
    }
}
