import Display

/// The Chats tab (Telegram's ChatListController): pinned first, then newest; two lines a chat —
/// the title with its marks (📌 pinned, 🔒 secret, 🔕 muted), the time and the unread badge, then
/// the last message. Enter opens the chat; p pins or unpins it, m mutes or unmutes it, d offers to
/// delete it; c makes a new group or channel (Telegram iOS's Compose), a adds members to the
/// selected one. The list is re-read by `reload` when the app learns that the store changed (a
/// request applied, a message sent).
@MainActor
public final class ChatListController: ListController, PagedScreen {
    public private(set) var chats: [ChatListItem] = []
    let source: any ChatListDataSource
    /// How many chats the list reads at first, and how many more each time the selection comes
    /// near the end of what is read (Telegram's chat list view grows the same way): a screenful
    /// and some, not the top 200 on every tick (a reload of 200 was most of the interface's launch
    /// after the terminal, and the app's work each second).
    public static let pageSize = 60
    /// Chats the list reads now: `pageSize`, grown as the user scrolls down.
    public private(set) var loadedLimit = ChatListController.pageSize
    public var onOpenChat: ((ChatListItem) -> Void)?
    /// `/`: the app opens the search (ChatSearchController).
    public var onSearch: (() -> Void)?
    /// What p and m change; nil where nothing is written (they do nothing then).
    public var actions: (any ChatListActions)?
    /// c: the app offers a new group or channel; a: members for the selected chat.
    public var onNewChat: (() -> Void)?
    /// Whether the key line offers New Group / Channel: the account can make them (asked at
    /// each frame: its connection starts after the first).
    public var offersNewChat: () -> Bool = { false }
    public var onAddMembers: ((ChatListItem) -> Void)?
    /// A chat deleted or left from the list whose row went: the app closes it where it is open.
    public var onChatGone: ((ChatId) -> Void)?
    /// Why a pin or a mute could not be made, for the app to show a moment.
    public var onFailure: ((String) -> Void)?
    /// Whether the tab's badge counts muted chats too (InAppNotificationSettings'
    /// totalUnreadCountIncludeMuted; Telegram's default leaves them out).
    public var countsMutedChats = false
    /// Why the last read failed, shown instead of the list.
    public private(set) var failure: String?
    /// The app's drawn avatar for a chat, if it has one yet (ChatListAvatar); else the initials.
    public var avatarPicture: ((ChatListItem) -> CellGrid?)?
    /// Work the list is waiting on, shown in place of the title as Telegram shows "Updating…"
    /// ("Importing… 45%"); nil: "Chats".
    public var activity: String? {
        didSet { title = activity ?? "Chats" }
    }

    public init(source: any ChatListDataSource) {
        self.source = source
        super.init(title: "Chats")
        showsSubtitles = true
        leadingColumns = ChatListAvatar.size.width
        tabBarItem = TabBarItem(title: "Chats")
        onOpen = { [unowned self] index in
            if chats.indices.contains(index) { onOpenChat?(chats[index]) }
        }
    }

    override public func loadContent() {
        reload()
    }

    /// Reads the list again (as many chats as were read before), keeping the selection on the same
    /// chat; the tab's badge counts the unmuted chats with unread messages (Telegram's default),
    /// from the store's totals.
    public func reload(now: Int32? = nil) {
        let now = now ?? TimeText.now()
        let selected = chats.indices.contains(selectedIndex) ? chats[selectedIndex].peerId : nil
        var unreadChats: Int64 = 0
        do {
            // The badge counts every chat with unread messages, not only the ones read here.
            let page = try source.chatList(limit: loadedLimit, now: now, unreadIncludingMuted: countsMutedChats)
            chats = page.items
            unreadChats = page.unreadChats
            failure = nil
        } catch {
            failure = "Cannot read the chat list: \(error)"
        }
        items = chats.map { chat in
            let marks = [chat.isPinned ? "📌" : nil, chat.isMuted ? "🔕" : nil].compactMap { $0 }.joined()
            return ListItem(title: chat.peerId.rowTitle(chat.title) + (marks.isEmpty ? "" : " " + marks),
                            subtitle: chat.draft.map { "Draft: " + $0 } ?? chat.preview, detail: TimeText.short(chat.timestamp, now: now),
                            badge: chat.unreadCount > 0 ? Self.count(chat.unreadCount) : nil, leading: avatar(for: chat))
        }
        if let selected, let index = chats.firstIndex(where: { $0.peerId == selected }) { select(index) }
        tabBarItem = TabBarItem(title: "Chats", badge: unreadChats > 0 ? Self.count(Int32(clamping: unreadChats)) : nil)
    }

    /// Reads `pageSize` more chats when the selection is within a screenful of the end of a full
    /// read, or when the screen is taller than what is read. Runs on input and in the app's step
    /// before each frame — not on a new layout, which can arrive in the middle of drawing (a tab
    /// shown for the first time).
    public func loadPagesIfNeeded() {
        guard isContentLoaded else { return }
        guard chats.count >= loadedLimit else { return }  // the whole list is read
        let margin = max(visibleRowCount, 10)
        guard selectedIndex >= chats.count - margin || visibleRowCount + margin > loadedLimit else { return }
        loadedLimit += Self.pageSize
        reload()
    }

    static func count(_ value: Int32) -> String { value > 999 ? "999+" : "\(value)" }

    override public func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        if let failure {
            canvas.put(failure, column: 1, row: 0, style: context.theme.secondaryText, maxWidth: max(canvas.size.width - 2, 0))
            return
        }
        if chats.isEmpty {
            canvas.put("No chats yet", column: 1, row: 0, style: context.theme.secondaryText, maxWidth: max(canvas.size.width - 2, 0))
            return
        }
        super.drawContent(in: &canvas, context: context)
    }

    /// The chat with unread messages after `chat` in the list's order (from the top, past the
    /// end), skipping muted ones as Telegram's "next unread" does; nil when none has any.
    public func nextUnread(after chat: ChatId?) -> ChatListItem? {
        let start = chat.flatMap { id in chats.firstIndex { $0.peerId == id } }.map { $0 + 1 } ?? 0
        let order = chats[min(start, chats.count)...] + chats[..<min(start, chats.count)]
        return order.first { $0.unreadCount > 0 && !$0.isMuted && $0.peerId != chat }
    }

    override public func perform(_ action: ListKeyAction) -> Bool {
        switch action {
        case .search:
            guard let onSearch else { return super.perform(action) }
            onSearch()
            return true
        case .pinChat, .muteChat:
            guard let actions, chats.indices.contains(selectedIndex) else { return super.perform(action) }
            let chat = chats[selectedIndex]
            do {
                _ = action == .pinChat ? try actions.togglePinned(chat.peerId) : try actions.toggleMuted(chat.peerId)
            } catch {
                onFailure?("\(action == .pinChat ? "Cannot pin" : "Cannot mute") \(chat.title): \(error)")
            }
            // The selection follows the chat to its new place (a pinned chat goes to the top).
            reload()
            return true
        case .deleteChat:
            guard let actions, chats.indices.contains(selectedIndex) else { return super.perform(action) }
            offerDelete(chats[selectedIndex], actions: actions)
            return true
        case .newChat:
            guard let onNewChat else { return super.perform(action) }
            onNewChat()
            return true
        case .addMembers:
            guard let onAddMembers, chats.indices.contains(selectedIndex) else { return super.perform(action) }
            onAddMembers(chats[selectedIndex])
            return true
        case .nextUnreadChat:
            let current = chats.indices.contains(selectedIndex) ? chats[selectedIndex].peerId : nil
            guard let next = nextUnread(after: current), let index = chats.firstIndex(where: { $0.peerId == next.peerId }) else { return true }
            select(index)
            onOpenChat?(next)
            return true
        default:
            return super.perform(action)
        }
    }

    /// Telegram's choices for the chat by its kind, on a sheet; the list reads itself again after.
    private func offerDelete(_ chat: ChatListItem, actions: any ChatListActions) {
        let choices: [String]
        do { choices = try actions.deleteChoices(chat.peerId) } catch {
            onFailure?("Cannot delete \(chat.title): \(error)")
            return
        }
        guard let navigationController, !choices.isEmpty else { return }
        let sheet = ChoiceSheetController(title: "\(chat.title)?", rows: choices.map { ListItem(title: $0) }) { [unowned self] picked in
            do { try actions.delete(chat.peerId, choice: picked) } catch {
                onFailure?("Cannot delete \(chat.title): \(error)")
            }
            reload()
            if !chats.contains(where: { $0.peerId == chat.peerId }) { onChatGone?(chat.peerId) }
        }
        sheet.navigationPresentation = .modal
        navigationController.pushViewController(sheet, animated: false)
    }

    override public func handle(_ event: InputEvent) -> Bool {
        let handled = super.handle(event)
        if handled { loadPagesIfNeeded() }
        return handled
    }

    override public var keyHints: [KeyHintItem] {
        let search = onSearch == nil ? nil : keyBindings.hint(for: .list(.search))
        let unread = keyBindings.hint(for: .list(.nextUnreadChat))
        // New Group / Channel where the account can make them (Telegram iOS's Compose button).
        let compose = offersNewChat() ? keyBindings.hint(for: .list(.newChat)).map { [KeyHintItem($0, "new")] } ?? [] : []
        return super.keyHints + (search.map { [KeyHintItem($0, "search")] } ?? []) + compose
            + (unread.map { [KeyHintItem($0, "next unread")] } ?? [])
    }
}
