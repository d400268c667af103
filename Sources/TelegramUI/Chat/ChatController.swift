import Display

/// A chat (Telegram's ChatController): the history with the newest at the bottom, read a page at
/// a time as it scrolls up (when a scroll or a layout brings the top near, never while drawing),
/// date separators, senders in groups, ✓/✓✓ on sent messages, what each message carries
/// (MessageLines: replies, forwards, media, reactions, buttons; photos as pictures when the app
/// draws them); the
/// composer below (the layout's input height) sends text through the app. Opening the chat, and
/// new messages arriving while it is at the bottom, mark it read through the app.
///
/// Keys: the composer takes what a line editor does first (`Composer.handle`: typing, ← →, Ctrl-A
/// E W U K, Alt-B F, Alt-Enter and Ctrl-J for a new line, ↑ ↓ between its lines); a paste arrives
/// whole (newlines kept); Enter sends; Alt-E edits the draft in `$VISUAL`. What it leaves: ↑ ↓
/// scroll a line, PgUp PgDn a page, End back to the newest. Esc is left to the navigation (back).
@MainActor
public final class ChatController: ViewController, PagedScreen {
    public let peerId: ChatId
    let source: any ChatHistoryDataSource
    let showsSenders: Bool
    private(set) var history = ChatHistory()
    public private(set) var composer = Composer()
    /// Lines scrolled up from the newest (0: at the bottom, following new messages).
    public private(set) var scrollFromBottom = 0
    private var names: [ChatId: String] = [:]
    private var maxOutgoingReadId: Int32 = 0
    private var lines: (width: Int, version: Int, maxOutgoingReadId: Int32, lines: [ChatLine])?
    private var version = 0
    /// A failure to show in the composer row (cannot send, cannot read).
    public private(set) var status: String?
    /// Whether `status` is a read failure, which the next good read clears; a note about the
    /// draft (not sent, the editor failed) stays until the person types.
    private var statusIsReadFailure = false

    /// Sends the text; the app stores it (main is the writer). Throws with a reason to show.
    public var onSend: ((String) throws -> Void)?
    /// Edits the draft in an external editor (Alt-E), set by the app where it has a terminal to
    /// hand over: the edited text, or a throw with why it is unchanged.
    public var onEditExternally: ((String) throws -> String)?
    /// The newest incoming message shown at the bottom: the app marks the chat read up to it.
    public var onRead: ((ChatMessage.Index) -> Void)?
    /// Photos as pictures, set by the app where it can draw them (a truecolour terminal): the
    /// picture of a photo at a size in cells once it is drawn, nil until then (a frame only looks
    /// it up; the app draws off the main thread and wakes the run loop). Unset, a photo is a line.
    public var photoPicture: ((ChatMessage.Photo, Size) -> CellGrid?)? {
        didSet { if (oldValue == nil) != (photoPicture == nil) { version += 1 } }
    }

    /// The key that opens the draft in the external editor.
    public static let editExternallyKey = KeyEvent(.character("e"), modifiers: .alt)

    public init(source: any ChatHistoryDataSource, peerId: ChatId, title: String) {
        self.source = source
        self.peerId = peerId
        self.showsSenders = !peerId.isOneToOne
        super.init(title: title)
        takesTextInput = true
    }

    override public func loadContent() {
        reload()
    }

    /// Reads the newest page again (merged with what is loaded), the senders' names and the read
    /// state, and older pages if the view needs them; marks read what is now at the bottom.
    public func reload() {
        let newestBefore = Array(history.messages.suffix(ChatHistory.pageSize)), before = (history.messages.count, names.count)
        do {
            try history.loadNewest(source, peerId)
            try refreshDetails()
            if statusIsReadFailure { status = nil }
        } catch {
            status = "Cannot read the chat: \(error)"
            statusIsReadFailure = true
        }
        // Laid out again only when something shown changed (the app reloads every second).
        // (The newest page is what a reload reads: an edit or a new message there shows; the read
        // mark's ticks are keyed on `maxOutgoingReadId` in the cache.)
        if before != (history.messages.count, names.count) || newestBefore != Array(history.messages.suffix(ChatHistory.pageSize)) {
            version += 1
        }
        loadPagesIfNeeded()
        markReadIfAtBottom()
    }

    private func refreshDetails() throws {
        let missing = Set(history.messages.compactMap(\.authorId)).subtracting(names.keys)
        if !missing.isEmpty { names.merge(try source.names(missing)) { $1 } }
        maxOutgoingReadId = try source.maxOutgoingReadId(in: peerId)
        if subtitle == nil { subtitle = try source.subtitle(of: peerId) }
    }

    private func markReadIfAtBottom() {
        guard scrollFromBottom == 0, let newest = history.messages.last(where: \.isIncoming),
              newest.index != lastReadReported else { return }
        lastReadReported = newest.index
        onRead?(newest.index)
    }

    /// The last index handed to `onRead`: each is reported once, not at every reload.
    private var lastReadReported: ChatMessage.Index?

    override public func controllerLayout(_ layout: ContainerViewLayout) -> ControllerLayout {
        var own = layout
        own.inputHeight = max(layout.inputHeight ?? 0, ComposerView.height(composer, size: layout.size))
        return super.controllerLayout(own)
    }

    /// The history's width and the rows it has: what the content area of the current layout gives.
    private var historyArea: (width: Int, height: Int)? {
        guard let layout = validLayout else { return nil }
        let content = controllerLayout(layout).content
        return (max(content.width - 2, 1), content.height)
    }

    /// Near the top of what is loaded (less than a screen above the view): reads the page before
    /// it, until a screen is there or the history ends. Counted from the bottom, the scroll
    /// position stays where it was; a position past the oldest message comes back to it. Runs on
    /// scrolling, after a reload, and in the app's step before each frame — not on a new layout,
    /// which can arrive in the middle of drawing (a screen back on top after a resize).
    public func loadPagesIfNeeded() {
        guard isContentLoaded, let (width, height) = historyArea else { return }
        var all = historyLines(width: width)
        while all.count - scrollFromBottom - height < height, history.hasOlder {
            let added: Int
            do { added = try history.loadOlder(source, peerId) } catch {
                status = "Cannot read older messages: \(error)"
                statusIsReadFailure = true
                break
            }
            try? refreshDetails()
            all = prependLines(forOldest: added, width: width)
        }
        scrollFromBottom = min(scrollFromBottom, max(all.count - height, 0))
    }

    func historyLines(width: Int) -> [ChatLine] {
        if let lines, lines.width == width, lines.version == version, lines.maxOutgoingReadId == maxOutgoingReadId { return lines.lines }
        let built = ChatLine.lines(for: history.messages, width: width, showsSenders: showsSenders, names: names,
                                   maxOutgoingReadId: maxOutgoingReadId, drawsPictures: photoPicture != nil)
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
                                   maxOutgoingReadId: maxOutgoingReadId, drawsPictures: photoPicture != nil) + newer
        version += 1
        lines = (width, version, maxOutgoingReadId, built)
        return built
    }

    override public func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        // What is loaded, nothing more: the pages were read before the frame.
        let width = max(canvas.size.width - 2, 1), height = canvas.size.height
        let all = historyLines(width: width)
        let bottom = all.count - min(scrollFromBottom, max(all.count - height, 0))
        let top = max(bottom - height, 0)
        let theme = context.theme
        for (offset, line) in all[top ..< bottom].enumerated() {
            line.draw(in: &canvas, row: height - (bottom - top) + offset, theme: theme, picture: photoPicture)
        }
        if history.messages.isEmpty {
            canvas.put("No messages here yet", column: 1, row: max(height - 1, 0), style: theme.secondaryText,
                       maxWidth: max(canvas.size.width - 2, 0))
        }
    }

    override public func render(in canvas: inout Canvas, context: PresentationContext) {
        super.render(in: &canvas, context: context)
        let height = ComposerView.height(composer, size: canvas.size)
        guard canvas.size.height >= height + 1 else { return }
        ComposerView.draw(composer, status: status, height: height, in: &canvas, theme: context.theme)
    }

    /// The composer's text replaced (a draft brought back, a message to edit), the cursor at its end.
    public func setDraft(_ text: String) {
        composer.set(text)
        status = nil
    }

    override public func handle(_ event: InputEvent) -> Bool {
        let page = max((validLayout.map { controllerLayout($0).content.height } ?? 10) - 1, 1)
        switch event {
        case .paste(let text):
            composer.insert(text)
            status = nil
            return true
        case .key(let key):
            if key == KeyEvent(.enter) {
                send()
                return true
            }
            if key == Self.editExternallyKey, let onEditExternally {
                editExternally(onEditExternally)
                return true
            }
            if composer.handle(key) {
                status = nil
                return true
            }
            guard key.modifiers.isDisjoint(with: [.control, .alt]) else { return super.handle(event) }
            switch key.key {
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
        loadPagesIfNeeded()
        markReadIfAtBottom()
    }

    /// The draft through the external editor; a failure leaves it as it was and says why.
    private func editExternally(_ edit: (String) throws -> String) {
        do {
            composer.set(try edit(composer.text))
            status = nil
        } catch {
            note("Draft unchanged: \(error)")
        }
    }

    /// A note about the draft in the composer's row, kept until the person types.
    private func note(_ text: String) {
        status = text
        statusIsReadFailure = false
    }

    private func send() {
        guard let onSend else {
            note("This chat is read-only here")
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
            note("Not sent: \(error)")
        }
    }
}
