import Display
import Storage

/// A chat (Telegram's ChatController): the history with the newest at the bottom, read a page at
/// a time as it scrolls up, date separators, senders in groups, ✓/✓✓ on sent messages; the
/// composer below (the layout's input height) sends text through the app. Opening the chat, and
/// new messages arriving while it is at the bottom, mark it read through the app.
///
/// Keys: typing writes, Enter sends, ⌫ deletes, a paste arrives whole (newlines kept); ↑ ↓ scroll
/// a line, PgUp PgDn a page, End back to the newest. Esc is left to the navigation (back).
@MainActor
public final class ChatController: ViewController {
    public let peerId: PeerId
    let data: AccountData
    let showsSenders: Bool
    private(set) var history = ChatHistory()
    public private(set) var composer = Composer()
    /// Lines scrolled up from the newest (0: at the bottom, following new messages).
    public private(set) var scrollFromBottom = 0
    private var names: [PeerId: String] = [:]
    private var maxOutgoingReadId: Int32 = 0
    private var lines: (width: Int, version: Int, maxOutgoingReadId: Int32, lines: [ChatLine])?
    private var version = 0
    /// A failure to show in the composer row (cannot send, cannot read).
    public private(set) var status: String?

    /// Sends the text; the app stores it (main is the writer). Throws with a reason to show.
    public var onSend: ((String) throws -> Void)?
    /// The newest incoming message shown at the bottom: the app marks the chat read up to it.
    public var onRead: ((MessageIndex) -> Void)?

    /// The composer: a separator row and one line of text.
    public static let composerHeight = 2

    public init(data: AccountData, peerId: PeerId, title: String) {
        self.data = data
        self.peerId = peerId
        self.showsSenders = !peerId.isUserLike
        super.init(title: title)
        takesTextInput = true
    }

    override public func loadContent() {
        reload()
    }

    /// Reads the newest page again (merged with what is loaded), the senders' names and the read
    /// state; marks read what is now at the bottom.
    public func reload() {
        let newestBefore = Array(history.messages.suffix(ChatHistory.pageSize)), before = (history.messages.count, names.count)
        do {
            try history.loadNewest(data, peerId)
            try refreshDetails()
            status = nil
        } catch {
            status = "Cannot read the chat: \(error)"
        }
        // Laid out again only when something shown changed (the app reloads every second).
        // (The newest page is what a reload reads: an edit or a new message there shows; the read
        // mark's ticks are keyed on `maxOutgoingReadId` in the cache.)
        if before != (history.messages.count, names.count) || newestBefore != Array(history.messages.suffix(ChatHistory.pageSize)) {
            version += 1
        }
        markReadIfAtBottom()
    }

    private func refreshDetails() throws {
        let missing = Set(history.messages.compactMap(\.authorId)).subtracting(names.keys)
        if !missing.isEmpty { names.merge(try data.names(missing)) { $1 } }
        maxOutgoingReadId = try data.readState(peerId)?.maxOutgoingReadId ?? 0
        if subtitle == nil, let peer = try data.peer(peerId) {
            subtitle = peer.isSecretChat ? "secret chat" : peer.username.map { "@" + $0 }
        }
    }

    private func markReadIfAtBottom() {
        guard scrollFromBottom == 0, let newest = history.messages.last(where: \.isIncoming),
              newest.index != lastReadReported else { return }
        lastReadReported = newest.index
        onRead?(newest.index)
    }

    /// The last index handed to `onRead`: each is reported once, not at every reload.
    private var lastReadReported: MessageIndex?

    override public func controllerLayout(_ layout: ContainerViewLayout) -> ControllerLayout {
        var own = layout
        own.inputHeight = max(layout.inputHeight ?? 0, Self.composerHeight)
        return super.controllerLayout(own)
    }

    func historyLines(width: Int) -> [ChatLine] {
        if let lines, lines.width == width, lines.version == version, lines.maxOutgoingReadId == maxOutgoingReadId { return lines.lines }
        let built = ChatLine.lines(for: history.messages, width: width, showsSenders: showsSenders, names: names,
                                   maxOutgoingReadId: maxOutgoingReadId)
        lines = (width, version, maxOutgoingReadId, built)
        return built
    }

    /// The lines after an older page came in front: only the new messages are laid out, and the
    /// date line that headed the old first message goes if the page ends on the same day.
    /// (Laying out everything again grew with every page: 15 ms a page 40 pages up.)
    private func prependLines(forOldest count: Int, width: Int) -> [ChatLine] {
        if count == 0 { return historyLines(width: width) }
        guard let cached = lines, cached.width == width, cached.version == version,
              cached.maxOutgoingReadId == maxOutgoingReadId else {
            version += 1
            return historyLines(width: width)
        }
        let older = Array(history.messages.prefix(count))
        var newer = cached.lines
        if let last = older.last, history.messages.count > count,
           TimeText.sameDay(last.index.timestamp, history.messages[count].index.timestamp), newer.first?.isDate == true {
            newer.removeFirst()
        }
        let built = ChatLine.lines(for: older, width: width, showsSenders: showsSenders, names: names,
                                   maxOutgoingReadId: maxOutgoingReadId) + newer
        version += 1
        lines = (width, version, maxOutgoingReadId, built)
        return built
    }

    override public func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        let width = max(canvas.size.width - 2, 1), height = canvas.size.height
        var all = historyLines(width: width)
        // Near the top of what is loaded: read the page before it. Counted from the bottom, the
        // scroll position stays where it was.
        while all.count - scrollFromBottom - height < height, history.hasOlder {
            let added: Int
            do { added = try history.loadOlder(data, peerId) } catch { status = "Cannot read older messages: \(error)"; break }
            try? refreshDetails()
            all = prependLines(forOldest: added, width: width)
        }
        scrollFromBottom = min(scrollFromBottom, max(all.count - height, 0))
        let bottom = all.count - scrollFromBottom
        let top = max(bottom - height, 0)
        let theme = context.theme
        for (offset, line) in all[top ..< bottom].enumerated() {
            let row = height - (bottom - top) + offset
            if line.isDate {
                let text = " " + (line.parts.first?.0 ?? "") + " "
                let shown = min(TextWidth.of(text), canvas.size.width)
                canvas.put(text, column: max((canvas.size.width - shown) / 2, 0), row: row, style: theme.secondaryText, maxWidth: shown)
                continue
            }
            var column = 1
            for (text, role) in line.parts {
                let style: Style
                switch role {
                case .time, .status: style = theme.secondaryText
                case .sender: style = theme.accent.with(attributes: .bold)
                case .text, .date: style = theme.content
                }
                column = canvas.put(text, column: column, row: row, style: style, maxWidth: max(canvas.size.width - column, 0))
            }
        }
        if history.messages.isEmpty {
            canvas.put("No messages here yet", column: 1, row: max(height - 1, 0), style: theme.secondaryText,
                       maxWidth: max(canvas.size.width - 2, 0))
        }
    }

    override public func render(in canvas: inout Canvas, context: PresentationContext) {
        super.render(in: &canvas, context: context)
        let theme = context.theme
        let size = canvas.size
        guard size.height >= Self.composerHeight + 1 else { return }
        let top = size.height - Self.composerHeight
        canvas.fill(Rect(column: 0, row: top, width: size.width, height: 1), with: "─", style: theme.separator)
        canvas.fill(Rect(column: 0, row: top + 1, width: size.width, height: 1), style: theme.content)
        if let status {
            canvas.put(status, column: 1, row: top + 1, style: theme.secondaryText, maxWidth: max(size.width - 2, 0))
            return
        }
        let prompt = "› "
        let room = max(size.width - 4, 1)
        // The end of what is typed, so the cursor stays in view.
        var shown = VisibleTail.of(composer.text, columns: room - 1)
        if composer.text.isEmpty { shown = "" }
        let after = canvas.put(prompt + shown, column: 1, row: top + 1, style: theme.content, maxWidth: size.width - 2)
        canvas.put("▏", column: after, row: top + 1, style: theme.accent)
        if composer.text.isEmpty {
            canvas.put("Message", column: after + 1, row: top + 1, style: theme.secondaryText, maxWidth: max(size.width - after - 2, 0))
        }
    }

    override public func handle(_ event: InputEvent) -> Bool {
        let page = max((validLayout.map { controllerLayout($0).content.height } ?? 10) - 1, 1)
        switch event {
        case .paste(let text):
            composer.insert(text)
            status = nil
            return true
        case .key(let key):
            if let character = key.plainCharacter {
                composer.insert(String(character))
                status = nil
                return true
            }
            guard key.modifiers.isDisjoint(with: [.control, .alt]) else { return super.handle(event) }
            switch key.key {
            case .backspace: composer.deleteBackward()
            case .enter: send()
            case .up: scroll(by: 1)
            case .down: scroll(by: -1)
            case .pageUp: scroll(by: page)
            case .pageDown: scroll(by: -page)
            case .end: scroll(by: -scrollFromBottom)
            default: return super.handle(event)
            }
            return true
        case .mouse(let mouse):
            switch mouse.kind {
            case .scrollUp: scroll(by: 3)
            case .scrollDown: scroll(by: -3)
            default: return super.handle(event)
            }
            return true
        case .resize:
            return false
        }
    }

    private func scroll(by lines: Int) {
        scrollFromBottom = max(scrollFromBottom + lines, 0)
        markReadIfAtBottom()
    }

    private func send() {
        guard let onSend else {
            status = "This chat is read-only here"
            return
        }
        let saved = composer
        guard let text = composer.take() else { return }
        do {
            try onSend(text)
            scrollFromBottom = 0
            reload()
        } catch {
            composer = saved
            status = "Not sent: \(error)"
        }
    }
}

/// The end of a text that fits in `columns`, for an input line that shows where the cursor is.
enum VisibleTail {
    static func of(_ text: String, columns: Int) -> String {
        var width = 0
        var start = text.endIndex
        while start > text.startIndex {
            let previous = text.index(before: start)
            let characterWidth = TextWidth.of(text[previous])
            if width + characterWidth > columns { break }
            width += characterWidth
            start = previous
        }
        return String(text[start...])
    }
}
