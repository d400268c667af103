import Display

/// A chat (Telegram's ChatController): the history with the newest at the bottom, read a page at
/// a time as it scrolls (when a scroll or a layout brings an end of what is loaded near, never
/// while drawing), date separators, senders in groups, ✓/✓✓ on sent messages, what each message
/// carries (MessageLines); the pinned message in a bar under the title; the composer below.
///
/// It opens where reading stopped: at an "N unread messages" line above the first unread message
/// (or at a message asked for, a search hit, selected). Messages are read as they come into view.
/// ↑ from an empty composer selects the newest message; the selection's keys act on it
/// (ChatController+Selection, +Actions): reply, edit, delete, forward, react, pin, copy, details.
@MainActor
public final class ChatController: ViewController, PagedScreen {
    public let peerId: ChatId
    let source: any ChatHistoryDataSource
    /// Whose names go before the messages: a channel turns out to be a broadcast one when its
    /// details are read.
    private(set) var senders: ChatLine.Senders {
        didSet { if oldValue != senders { version += 1 } }
    }
    var history = ChatHistory()
    public internal(set) var composer = Composer()
    /// Lines scrolled up from the bottom of what is loaded (0 and nothing newer: following new messages).
    public internal(set) var scrollFromBottom = 0
    var names: [ChatId: String] = [:]
    var maxOutgoingReadId: Int32 = 0
    private var lines: LaidOutLines?

    /// The history's lines as last laid out, with what they were laid out from.
    private struct LaidOutLines {
        var width: Int, version: Int, maxOutgoingReadId: Int32
        var messages: [ChatMessage], names: [ChatId: String], divider: UnreadDivider?, pictures: Bool
        var lines: [ChatLine]
    }
    var version = 0
    /// A failure or a confirmation to show in the composer row (cannot send, copied).
    public internal(set) var status: String?
    /// Whether `status` is a read failure, which the next good read clears; a note (not sent,
    /// copied, the editor failed) stays until the person types.
    var statusIsReadFailure = false
    /// What the server has below the oldest loaded message, as last asked (ChatController+HistoryOnServer).
    var olderOnServer: HistoryOnServer = .none
    /// What the composer row last said of the server's messages below the newest loaded one.
    var newerNoted: HistoryOnServer = .none
    /// Asked since the last reload, below this oldest message (nil: not asked).
    var olderAskedBelow: ChatMessage.Index??
    /// The "N unread messages" line, fixed when the chat opened.
    public internal(set) var divider: UnreadDivider? {
        didSet { if oldValue != divider { version += 1 } }
    }
    /// The message pinned at the top, shown in a bar under the title.
    public internal(set) var pinned: ChatMessage?
    /// Why nothing can be written here (a channel only admins post in, a group left): shown
    /// where the composer was, and a key that would write says it again.
    public internal(set) var writeRestriction: String?
    /// The selected message (nil: the composer has the keys), and those marked with Space.
    public internal(set) var selection: ChatMessage.Index?
    /// Where each reply jump started, the newest last: Backspace goes back one.
    var jumpOrigins: [ChatMessage.Index] = []
    /// With a message selected the letters are the selection's commands (r, e, d…), not text: `?`
    /// reaches the app's help.
    override public var typesLetters: Bool { selection == nil }
    public internal(set) var marked: Set<ChatMessage.Index> = []
    /// The message the composer answers, or the one it edits.
    public internal(set) var replyTarget: ChatMessage?
    public internal(set) var editTarget: ChatMessage?
    /// The draft put aside while a message is edited, back when the edit ends.
    var draftBeforeEdit: Composer?
    /// Where the view goes once it is laid out: the divider, or a message asked for.
    var pendingAnchor: ChatAnchor?
    /// The find line while it is open (vim style's `/`), and the last query found (`n`).
    var findQuery: Composer?
    var lastFind: String?
    /// The last find's hits, newest first, and which one is selected.
    var findHits: [ChatMessage.Index] = []
    var findPosition = 0
    /// Keys of a sequence not yet complete (vim's `gg`) in the selection.
    var selectionKeys = KeySequenceReader()
    /// The draft as last saved, so it is written only when it changed.
    var savedDraft: ComposerDraft?
    /// Where files to attach are found and how they are sent; nil: none can be (ChatController+Attach).
    public var attachmentSource: (any ChatAttachmentSource)?
    /// The files going with the next message, the path entry while it is open (its Tabs in a row),
    /// and the files on their way with the caption they took, back in the composer if they fail.
    public internal(set) var attached: [AttachedFile] = []
    public internal(set) var pathEntry: Composer?
    var pathTabs = 0
    var upload: (any AttachmentUpload)?
    var uploadCaption: Composer?

    /// What acting on messages does; nil: the chat is read-only here.
    public var actions: (any ChatMessageActions)?
    /// What opening and saving a message's file or link does; nil: not here.
    public var openActions: (any ChatOpenActions)?
    /// The next chat with unread messages opened (alt-n unless rebound).
    public var onNextUnread: (() -> Void)?
    /// The newest incoming message shown: the app marks the chat read up to it.
    public var onRead: ((ChatMessage.Index) -> Void)?
    /// Text typed into the composer: the app tells the other side the person is typing.
    public var onTyping: (() -> Void)?
    /// The chat's own subtitle (its @username), under "typing…" while the other side types.
    private var chatSubtitle: String?
    /// Edits the draft in an external editor (its key: `.composer(.externalEditor)`), set by the
    /// app where it has a terminal to hand over: the edited text, or a throw with why it is unchanged.
    public var onEditExternally: ((String) throws -> String)?
    /// Photos as pictures, set by the app where it can draw them (a truecolour terminal): the
    /// picture of a photo at a size in cells once it is drawn, nil until then (a frame only looks
    /// it up; the app draws off the main thread and wakes the run loop). Unset, a photo is a line.
    public var photoPicture: ((ChatMessage.Photo, Size) -> CellGrid?)? {
        didSet { if (oldValue == nil) != (photoPicture == nil) { version += 1 } }
    }

    /// `opening`: a message to open the chat at, selected (a search hit); else where reading stopped.
    public init(source: any ChatHistoryDataSource, peerId: ChatId, title: String, opening message: ChatMessage.Index? = nil) {
        self.source = source
        self.peerId = peerId
        self.senders = peerId.isOneToOne ? .own : .everyone
        pendingAnchor = message.map { .message($0) }
        super.init(title: title)
        takesTextInput = true
    }

    override public func loadContent() {
        do {
            if case .message(let index) = pendingAnchor {
                try history.load(around: index, source, peerId)
                selection = history.position(of: index) != nil ? index : nil
            } else if let unread = try source.firstUnread(in: peerId) {
                divider = unread
                pendingAnchor = .divider
                try history.refresh(source, peerId)
                if history.position(of: unread.before) == nil { try history.load(around: unread.before, source, peerId) }
            }
            if let draft = try source.draft(in: peerId) {
                composer.set(draft.text)
                replyTarget = try draft.replyTo.flatMap { index in try message(at: index) }
                savedDraft = draft
            }
        } catch {
            readFailed("Cannot read the chat: \(error)")
        }
        reload()
    }

    /// A read failure in the composer row, cleared by the next good read.
    func readFailed(_ text: String) {
        status = text
        statusIsReadFailure = true
    }

    /// A note about what the person did (not sent, copied, the editor failed) in the composer
    /// row, kept until they type.
    func note(_ text: String) {
        status = text
        statusIsReadFailure = false
    }

    /// Reads again what may have changed (the newest page, what is on screen), the senders'
    /// names, the read state and the pinned message; older or newer pages if the view needs
    /// them; marks read what is now in view.
    public func reload() {
        settleHistoryOnServer()
        do {
            if try history.refresh(source, peerId, visible: visibleMessages(), following: isFollowing) { version += 1 }
            if let divider { self.divider = try source.unread(divider, again: peerId) }
            try refreshDetails()
            if statusIsReadFailure { status = nil }
        } catch {
            readFailed("Cannot read the chat: \(error)")
        }
        keepSelectionLoaded()
        loadPagesIfNeeded()
    }

    /// At the bottom of the newest messages: new ones scroll into view as they come.
    var isFollowing: Bool { scrollFromBottom == 0 && !history.hasNewer }

    private func refreshDetails() throws {
        let missing = Set(history.messages.compactMap(\.authorId)).subtracting(names.keys)
        if !missing.isEmpty {
            names.merge(try source.names(missing)) { $1 }
            version += 1
        }
        maxOutgoingReadId = try source.maxOutgoingReadId(in: peerId)
        // A person's is read once; a group's member count follows what the server says.
        if chatSubtitle == nil || peerId.kind == .group || peerId.kind == .channel { chatSubtitle = try source.subtitle(of: peerId) }
        subtitle = try source.typing(in: peerId) ?? source.presence(in: peerId).map { PresenceText.text($0, now: TimeText.now()) } ?? chatSubtitle
        pinned = try source.pinnedMessage(in: peerId)
        if peerId.kind == .channel { senders = try source.isBroadcast(peerId) ? .none : .everyone }
        let restriction = try source.writeRestriction(in: peerId)
        // A change of rights is news: the note before it gives way, so the new reason (or the
        // composer) shows.
        if restriction != writeRestriction, !statusIsReadFailure { status = nil }
        writeRestriction = restriction
    }

    /// A message by its index: loaded, or read from the store (a reply's target, a pinned message).
    func message(at index: ChatMessage.Index) throws -> ChatMessage? {
        if let position = history.position(of: index) { return history.messages[position] }
        let after = ChatMessage.Index(timestamp: index.timestamp, namespace: index.namespace, id: index.id &+ 1)
        return try source.messages(in: peerId, before: after, limit: 1).first.flatMap { $0.index == index ? $0 : nil }
    }

    /// The last index handed to `onRead`: each is reported once, not at every reload.
    private var lastReadReported: ChatMessage.Index?

    /// The newest incoming message in view is read (Telegram reads what is seen, not what is
    /// below the divider still off screen).
    func markReadInView() {
        // Before the first layout, only a chat opening at its bottom knows what will be in view.
        let opensAtBottom = validLayout == nil && pendingAnchor == nil && isFollowing
        guard let newest = visibleMessages()?.upperBound ?? (opensAtBottom ? history.messages.last?.index : nil) else { return }
        guard let incoming = history.messages.last(where: { $0.isIncoming && $0.index <= newest })?.index,
              lastReadReported.map({ incoming > $0 }) ?? true else { return }
        lastReadReported = incoming
        onRead?(incoming)
    }

    override public func controllerLayout(_ layout: ContainerViewLayout) -> ControllerLayout {
        var own = layout
        own.inputHeight = max(layout.inputHeight ?? 0, composerRows)
        return super.controllerLayout(own)
    }

    /// The rows under the history: the attached files and the path entry, the reply or edit
    /// line, the separator and the composer's text.
    var composerRows: Int {
        let size = validLayout?.size ?? Size(width: 80, height: 24)
        return ComposerView.height(composer, size: size) + (replyTarget != nil || editTarget != nil ? 1 : 0) + attachmentRows
    }

    /// Rows at the top of the content the history does not use: the pinned bar.
    var barRows: Int { pinned == nil ? 0 : 1 }

    /// The history's width and the rows it has: what the content area of the current layout gives.
    var historyArea: (width: Int, height: Int)? {
        guard let layout = validLayout else { return nil }
        let content = controllerLayout(layout).content
        return (max(content.width - 2, 1), max(content.height - barRows, 1))
    }

    /// Near an end of what is loaded (less than a screen beyond the view): reads the page past
    /// it, until a screen is there or the history ends. Counted from the bottom, the scroll
    /// position stays where it was. Runs on scrolling, after a reload, and in the app's step
    /// before each frame — not on a new layout, which can arrive in the middle of drawing.
    public func loadPagesIfNeeded() {
        // What is in view is read afterwards, whatever this found to do (before the first layout
        // too: a chat opening at its bottom knows its newest message will show).
        defer { markReadInView() }
        pollUpload()
        if let failure = openActions?.takeFailure() { note(failure) }
        guard isContentLoaded, let (width, height) = historyArea else { return }
        var all = historyLines(width: width)
        resolveAnchor(all, height: height)
        while all.count - scrollFromBottom - height < height, history.hasOlder {
            let added: Int
            do { added = try history.loadOlder(source, peerId) } catch { readFailed("Cannot read older messages: \(error)"); break }
            try? refreshDetails()
            all = prependLines(forOldest: added, width: width)
        }
        askServerForOlder(wanted: all.count - scrollFromBottom - height < height)
        while scrollFromBottom < height, history.hasNewer, history.newerOnServer == .none {
            let before = all.count
            do { _ = try history.loadNewer(source, peerId) } catch { readFailed("Cannot read newer messages: \(error)"); break }
            try? refreshDetails()
            version += 1
            all = historyLines(width: width)
            scrollFromBottom += all.count - before
        }
        noteNewerOnServer()
        scrollFromBottom = min(scrollFromBottom, max(all.count - height, 0))
    }

    /// The view put at the anchor once there are lines to measure: the divider a few lines
    /// under the top, a message asked for in the middle.
    private func resolveAnchor(_ all: [ChatLine], height: Int) {
        guard let anchor = pendingAnchor else { return }
        pendingAnchor = nil
        let target: Int?
        switch anchor {
        case .divider: target = all.firstIndex(where: \.isDivider).map { $0 - 1 }
        case .message(let index): target = all.firstIndex(where: { $0.message == index }).map { $0 - height / 2 }
        }
        guard let top = target else { return }
        scrollFromBottom = max(all.count - max(top, 0) - height, 0)
    }

    func historyLines(width: Int) -> [ChatLine] {
        if let lines, lines.width == width, lines.maxOutgoingReadId == maxOutgoingReadId {
            if lines.version == version { return lines.lines }
            // Only messages come after those laid out (a new one, the usual change): only they are laid
            // out, after the last (its day decides their date line). Everything again grew with the window.
            if lines.divider == divider, lines.pictures == (photoPicture != nil), lines.names == names,
               history.messages.count > lines.messages.count, history.messages.starts(with: lines.messages) {
                let added = Array(history.messages[lines.messages.count...])
                return remember(width, lines.lines + layOut(added, after: lines.messages.last, width: width))
            }
        }
        return remember(width, layOut(history.messages, width: width))
    }

    /// `messages` as lines, as this chat draws them now (its senders, read mark, pictures, divider).
    private func layOut(_ messages: [ChatMessage], after previous: ChatMessage? = nil, width: Int) -> [ChatLine] {
        ChatLine.lines(for: messages, after: previous, width: width, senders: senders, names: names,
                       maxOutgoingReadId: maxOutgoingReadId, drawsPictures: photoPicture != nil, divider: divider)
    }

    private func remember(_ width: Int, _ built: [ChatLine]) -> [ChatLine] {
        lines = LaidOutLines(width: width, version: version, maxOutgoingReadId: maxOutgoingReadId, messages: history.messages, names: names,
                             divider: divider, pictures: photoPicture != nil, lines: built)
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
        let built = layOut(older, width: width) + newer
        version += 1
        return remember(width, built)
    }

    /// The lines in view: their range in `historyLines`.
    func visibleLineRange() -> Range<Int>? {
        guard let (width, height) = historyArea else { return nil }
        let all = historyLines(width: width)
        let bottom = all.count - min(scrollFromBottom, max(all.count - height, 0))
        return max(bottom - height, 0) ..< bottom
    }

    /// The oldest and newest messages with a line in view.
    func visibleMessages() -> ClosedRange<ChatMessage.Index>? {
        guard isContentLoaded, let range = visibleLineRange(), let (width, _) = historyArea else { return nil }
        let all = historyLines(width: width)
        guard let first = all[range].first(where: { $0.message != nil })?.message,
              let last = all[range].last(where: { $0.message != nil })?.message else { return nil }
        return first ... last
    }

    override public func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        // What is loaded, nothing more: the pages were read before the frame.
        let theme = context.theme
        if let pinned {
            PinnedBar.draw(pinned, in: &canvas, theme: theme)
        }
        let top = barRows
        let width = max(canvas.size.width - 2, 1), height = max(canvas.size.height - top, 0)
        let all = historyLines(width: width)
        let bottom = all.count - min(scrollFromBottom, max(all.count - height, 0))
        let first = max(bottom - height, 0)
        for (offset, line) in all[first ..< bottom].enumerated() {
            let row = top + height - (bottom - first) + offset
            line.draw(in: &canvas, row: row, theme: theme, picture: photoPicture)
            if let message = line.message {
                SelectionMark.draw(in: &canvas, row: row, theme: theme,
                                   selected: message == selection, marked: marked.contains(message))
            }
        }
        if history.messages.isEmpty {
            canvas.put("No messages here yet", column: 1, row: max(canvas.size.height - 1, 0), style: theme.secondaryText,
                       maxWidth: max(canvas.size.width - 2, 0))
        }
    }

    override public func render(in canvas: inout Canvas, context: PresentationContext) {
        super.render(in: &canvas, context: context)
        let theme = context.theme
        let size = canvas.size
        let height = ComposerView.height(composer, size: size)
        guard size.height >= composerRows + 1 else { return }
        drawAttachments(in: &canvas, from: size.height - composerRows, theme: theme)
        if let line = ComposerContext.line(reply: replyTarget, edit: editTarget, names: names) {
            // Above the composer's separator: what it answers or edits.
            let row = size.height - height - 1
            canvas.fill(Rect(column: 0, row: row, width: size.width, height: 1), style: theme.content)
            let end = canvas.put(line.label, column: 1, row: row, style: theme.accent, maxWidth: max(size.width - 2, 0))
            canvas.put(line.text, column: end, row: row, style: theme.secondaryText, maxWidth: max(size.width - end - 1, 0))
        }
        let shownStatus = findQuery.map { "/" + $0.text + "▏" } ?? uploadStatus
            ?? status ?? (selection == nil ? writeRestriction : marked.isEmpty ? "Message selected" : "\(marked.count) marked")
        ComposerView.draw(composer, status: shownStatus, height: height, in: &canvas, theme: theme)
    }

    /// The composer's text replaced (a draft brought back, a message to edit), the cursor at its end.
    public func setDraft(_ text: String) {
        composer.set(text)
        status = nil
    }

    override public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .paste(let text):
            if findQuery != nil {
                findQuery?.insert(text)
                return true
            }
            if upload != nil { return true }
            if pathEntry != nil {
                pathEntry?.insert(text)
                return true
            }
            if let writeRestriction {
                note(writeRestriction)
                return true
            }
            if selection != nil { endSelection() }
            composer.insert(text)
            status = nil
            onTyping?()
            return true
        case .key(let key):
            if selection != nil { return handleSelectionKey(key) || super.handle(event) }
            return handleComposerKey(key) || super.handle(event)
        case .mouse(let mouse):
            switch mouse.kind {
            case .scrollUp: scroll(by: 3)
            case .scrollDown: scroll(by: -3)
            case .press(.left) where !attached.isEmpty && upload == nil:
                guard let size = validLayout?.size,
                      removeAttachment(atRow: mouse.position.row, column: mouse.position.column, firstRow: size.height - composerRows, width: size.width) else {
                    return super.handle(event)
                }
            default: return super.handle(event)
            }
            return true
        case .resize:
            return false
        }
    }

    /// The composer's keys (the person's bindings, `.composer`); with nothing written, the
    /// chat's (`.chat`): ↑ selects the newest message, the history scrolls. Esc ends a reply or
    /// an edit before it goes back.
    private func handleComposerKey(_ key: KeyEvent) -> Bool {
        if let upload {
            // Files on their way: Esc stops them, nothing else is taken until they are sent.
            if key.key == .escape, key.modifiers.isEmpty { upload.cancel() }
            return true
        }
        if findQuery != nil { return handleFindKey(key) }
        if pathEntry != nil { return handlePathEntryKey(key) }
        if let writeRestriction { return handleReadOnlyKey(key, writeRestriction) }
        if case .chat(.attach)? = keyBindings.action(for: key, in: .chat) {
            openPathEntry()
            return true
        }
        if case .chat(.search)? = keyBindings.action(for: key, in: .chat) {
            startFind()
            return true
        }
        if key.key == .escape, key.modifiers.isEmpty, replyTarget != nil || editTarget != nil {
            cancelReplyOrEdit()
            return true
        }
        if case .composer(let action)? = keyBindings.action(for: key, in: .composer) {
            switch action {
            case .send: send()
            case .externalEditor:
                guard let onEditExternally else { return false }
                editExternally(onEditExternally)
            default:
                guard composer.perform(action) else { break }
                status = nil
                return true
            }
            if action == .send || action == .externalEditor { return true }
        }
        if key.key == .tab, key.modifiers.isEmpty, let token = ComposerCompletion.token(in: composer.text, cursor: composer.cursor) {
            complete(token)
            return true
        }
        let before = composer.text
        if composer.handle(key) {
            status = nil
            if composer.text != before, !composer.text.isEmpty { onTyping?() }
            return true
        }
        guard composer.text.isEmpty || key.key == .pageUp || key.key == .pageDown,
              case .chat(let action)? = keyBindings.action(for: key, in: .chat) else { return false }
        return perform(action)
    }

    /// A key in a chat the account cannot write to: the chat's keys still scroll, select and
    /// find; one that would write or attach says why nothing can be.
    private func handleReadOnlyKey(_ key: KeyEvent, _ restriction: String) -> Bool {
        let binding = keyBindings.action(for: key, in: .chat)
        if case .chat(let action)? = binding, action != .attach { return perform(action) }
        let writes: Bool
        switch (binding, keyBindings.action(for: key, in: .composer)) {
        case (.chat(.attach)?, _), (_, .composer(.send)?), (_, .composer(.externalEditor)?): writes = true
        default:
            var probe = Composer()
            writes = probe.handle(key) && !probe.text.isEmpty
        }
        guard writes else { return false }
        note(restriction)
        return true
    }

    /// A chat action, as the person's keys name it.
    func perform(_ action: ChatKeyAction) -> Bool {
        let page = max((historyArea?.height ?? 10) - 1, 1)
        switch action {
        case .select: selectNewest()
        case .pageUp: scroll(by: page)
        case .pageDown: scroll(by: -page)
        case .top: jumpToOldest()
        case .bottom: jumpToNewest()
        case .nextUnreadChat: openNextUnread()
        case .groupCall: return false
        case .attach: openPathEntry()
        case .search: startFind()
        }
        return true
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

    func openNextUnread() {
        guard let onNextUnread else { return }
        saveDraftIfChanged()
        onNextUnread()
    }

    override public var keyHints: [KeyHintItem] {
        if pathEntry != nil, upload == nil { return pathEntryHints }
        return chatKeyHints + (selection == nil ? super.keyHints : [])
    }

    /// What Esc does here, as the navigation's key line names it: ends the selection, drops the
    /// reply or the edit, else goes back.
    override public var previousActionHint: String? {
        if selection != nil || pathEntry != nil { return "done" }
        if upload != nil { return "cancel" }
        if replyTarget != nil || editTarget != nil { return "cancel" }
        return nil
    }

    func scroll(by lines: Int) {
        scrollFromBottom = max(scrollFromBottom + lines, 0)
        loadPagesIfNeeded()
    }

    /// The top of the chat: its oldest page read, the view at its first line.
    func jumpToOldest() {
        do { try history.loadOldest(source, peerId) } catch { readFailed("Cannot read the chat: \(error)"); return }
        version += 1
        try? refreshDetails()
        if let (width, height) = historyArea { scrollFromBottom = max(historyLines(width: width).count - height, 0) }
        loadPagesIfNeeded()
    }

    /// Back to the newest message, following again.
    func jumpToNewest() {
        if history.hasNewer {
            do { try history.loadNewest(source, peerId) } catch { readFailed("Cannot read the chat: \(error)"); return }
            version += 1
            try? refreshDetails()
        }
        scrollFromBottom = 0
        loadPagesIfNeeded()
    }

    private func send() {
        guard let actions else {
            note("This chat is read-only here")
            return
        }
        if !attached.isEmpty, editTarget == nil {
            sendAttachments()
            return
        }
        let saved = composer
        guard let text = composer.take() else { return }
        do {
            if let edited = editTarget {
                try actions.edit(edited.index, text: text, in: peerId)
                editTarget = nil
                composer = draftBeforeEdit ?? Composer()
                draftBeforeEdit = nil
            } else {
                try actions.send(text, replyTo: replyTarget?.index, in: peerId)
                replyTarget = nil
                if history.hasNewer { try history.loadNewest(source, peerId) }
                scrollFromBottom = 0
            }
            status = nil
            saveDraftIfChanged()
            reload()
        } catch {
            composer = saved
            note((editTarget != nil ? "Not saved: " : "Not sent: ") + "\(error)")
        }
    }

    /// Writes the draft (text and reply) when it differs from what was saved last: on the app's
    /// tick, when the chat is left and when the app quits.
    public func saveDraftIfChanged() {
        guard let actions, editTarget == nil else { return }
        let draft = ComposerDraft(text: composer.text, replyTo: replyTarget?.index)
        guard draft != (savedDraft ?? ComposerDraft(text: "")) else { return }
        do {
            try actions.saveDraft(draft.isEmpty ? nil : draft, in: peerId)
            savedDraft = draft
        } catch {
            note("Cannot keep the draft: \(error)")
        }
    }
}

/// Where a chat's view goes when it is first laid out.
enum ChatAnchor: Equatable {
    case divider
    case message(ChatMessage.Index)
}

