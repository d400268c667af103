import Container
import Display

/// `/` in the chat list (Telegram's chat-list search): a query line above the results. As the
/// person types, chats whose names start with the words are listed at once; Enter on the query
/// also searches message text (a scan of the history, so it waits for Enter rather than running
/// on every key), newest first. ↓ moves into the results, Enter on one opens its chat, Esc
/// leaves the search.
@MainActor
public final class ChatSearchController: ListController {
    let source: any ChatSearchDataSource
    public private(set) var query = Composer(capacity: 256)
    public private(set) var results: [ChatSearchResult] = []
    /// True while the query line has the keys (typing); false once ↓ moved into the results.
    public private(set) var isEditingQuery = true
    /// Whether message text was searched for the current query (Enter).
    public private(set) var searchedMessages = false
    public private(set) var failure: String?
    /// Opens a chat (at the message, for a message hit).
    public var onOpenChat: ((ChatId, String, ChatMessage.Index?) -> Void)?
    public static let messageLimit = 50

    public init(source: any ChatSearchDataSource) {
        self.source = source
        super.init(title: "Search")
        showsSubtitles = true
        takesTextInput = true
        navigationPresentation = .master
        onOpen = { [unowned self] index in
            if results.indices.contains(index) { onOpenChat?(results[index].peerId, results[index].title, results[index].messageIndex) }
        }
    }

    /// Runs the search for the query as it is: titles always, message text when `messages`.
    public func search(messages: Bool, now: Int32? = nil) {
        let now = now ?? TimeText.now()
        let text = query.text.trimmingWhitespace()
        searchedMessages = messages && !text.isEmpty
        guard !text.isEmpty else {
            results = []
            items = []
            return
        }
        do {
            results = try source.search(text, messageLimit: searchedMessages ? Self.messageLimit : 0)
            failure = nil
        } catch {
            results = []
            failure = "Cannot search: \(error)"
        }
        items = results.map { result in
            switch result {
            case .chat(let id, let title): return ListItem(title: id.rowTitle(title), subtitle: "chat")
            case .message(let id, let title, let text, let index):
                return ListItem(title: id.rowTitle(title), subtitle: text, detail: TimeText.short(index.timestamp, now: now))
            }
        }
    }

    /// One row for the query above the list.
    static let queryHeight = 2

    override public func controllerLayout(_ layout: ContainerViewLayout) -> ControllerLayout {
        var parts = super.controllerLayout(layout)
        let taken = min(Self.queryHeight, parts.content.height)
        queryRect = Rect(column: parts.content.column, row: parts.content.row, width: parts.content.width, height: taken)
        parts.content = Rect(column: parts.content.column, row: parts.content.row + taken,
                             width: parts.content.width, height: parts.content.height - taken)
        return parts
    }

    private var queryRect = Rect(column: 0, row: 0, width: 0, height: 0)

    override public func render(in canvas: inout Canvas, context: PresentationContext) {
        super.render(in: &canvas, context: context)
        let theme = context.theme
        let rect = queryRect
        canvas.draw(in: rect) { line in
            let style = isEditingQuery ? theme.content.with(attributes: .bold) : theme.secondaryText
            let end = line.put("/ " + VisibleTail.of(query.text, columns: max(line.size.width - 4, 0)), column: 1, row: 0,
                               style: style, maxWidth: max(line.size.width - 2, 0))
            if isEditingQuery { line.put("▏", column: end, row: 0, style: theme.accent) }
            if line.size.height > 1 {
                let note = searchedMessages ? "chats and messages" : "chats · ⏎ searches messages too"
                line.put(note, column: 1, row: 1, style: theme.secondaryText, maxWidth: max(line.size.width - 2, 0))
            }
        }
    }

    override public func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        let width = max(canvas.size.width - 2, 0)
        if let failure {
            canvas.put(failure, column: 1, row: 0, style: context.theme.destructive, maxWidth: width)
        } else if results.isEmpty, !query.text.isEmpty {
            canvas.put(searchedMessages ? "Nothing found" : "No chat by that name", column: 1, row: 0,
                       style: context.theme.secondaryText, maxWidth: width)
        } else {
            super.drawContent(in: &canvas, context: context)
        }
    }

    override public func handle(_ event: InputEvent) -> Bool {
        if isEditingQuery {
            switch event {
            case .paste(let text):
                query.insert(String(text.filter { !$0.isNewline }))
                search(messages: false)
                return true
            case .key(let key):
                if key.modifiers.isEmpty || key.modifiers == .shift, case .character(let character) = key.key, !character.isNewline {
                    query.insert(String(character))
                    search(messages: false)
                    return true
                }
                switch key.key {
                case .backspace:
                    query.deleteBackward()
                    search(messages: false)
                    return true
                case .enter:
                    search(messages: true)
                    return true
                case .down where !results.isEmpty:
                    isEditingQuery = false
                    select(0)
                    return true
                default:
                    break
                }
            default:
                break
            }
            return super.handle(event)
        }
        // In the results: up on the first goes back to the query; letters bound to nothing in
        // lists (all of them but vim's j, k, g, G, n) go back to typing.
        if case .key(let key) = event {
            if keyBindings.action(for: key, in: .list) == .list(.up), selectedIndex == 0 {
                isEditingQuery = true
                return true
            }
            if key.modifiers.isEmpty, case .character = key.key, keyBindings.match([key], in: .list) == .none {
                isEditingQuery = true
                return handle(event)
            }
        }
        return super.handle(event)
    }

    /// `/` back to the query, `n` to the next result (round to the first after the last).
    override public func perform(_ action: ListKeyAction) -> Bool {
        switch action {
        case .search:
            isEditingQuery = true
            return true
        case .nextHit:
            guard !items.isEmpty else { return false }
            select(selectedIndex + 1 < items.count ? selectedIndex + 1 : 0)
            return true
        default:
            return super.perform(action)
        }
    }

    override public var keyHints: [KeyHintItem] {
        isEditingQuery
            ? [KeyHintItem(KeyEvent(.enter), "search messages")] + (results.isEmpty ? [] : [KeyHintItem(KeyEvent(.down), "results")])
            : super.keyHints
    }
}
