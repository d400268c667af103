import AppCore
import DesktopIntegration
import Glibc
import Display
import TelegramUI

/// One account's screens (the authorized context's root): TelegramRootController's tabs reading
/// the account's data sources, chats opened beside the list or pushed, the composer's text sent
/// through the account's host, chats marked read as they are shown, the `/` search,
/// in-app notifications for messages in chats that are not open, and group calls. Rebuilt when
/// the current account changes.
@MainActor
final class AccountScreens {
    let account: any AccountHost
    let sources: any AccountDataSources
    let root: TelegramRootController
    let settings: SettingsFlow
    /// Group calls: the corner box and the call screen (CallFlow.swift).
    private(set) var callFlow: CallFlow!
    private let app: any AppHost
    private unowned let navigation: AppNavigationController
    /// The banner on screen, taken away by the tick.
    private var banner = TimedOverlay<InAppNotificationController>()
    /// How long a banner stays.
    static let bannerSeconds: Int32 = 4
    /// A line near the top for a few seconds: why the list's pin or mute could not be made.
    private var notice = TimedOverlay<NoticeController>()
    /// New groups and channels, members added (c and a in the chat list).
    private var newChats: NewChatFlow?

    /// The chats on screen at the last refresh: one left since keeps its draft at the next.
    private var leftChats: [ChatController] = []
    /// Chats shown read while a frame was being made ready, marked read once it is drawn.
    private var readAfterFrame: [(ChatId, ChatMessage.Index)] = []
    /// What a chat's keys do to its messages, through the account's host.
    private lazy var chatActions = account.chatActions(log: app.log, clipboard: { [unowned self] in copyToClipboard($0) })
    /// Chats with new messages, the open one included (the bell's cue; it picks what rings).
    var onIncomingMessages: ([TerminalBell.Arrival]) -> Void = { _ in }
    /// Sets the terminal's clipboard (set by the interface, which owns the terminal).
    var copyToClipboard: (String) -> Void = { _ in }
    /// The program files and links are opened with (the configuration file's `opener`).
    var opener = Opener()
    /// What a chat's Enter and s do to its files and links, through the account's host.
    private lazy var openActions = account.openActions(opener: opener, log: app.log) { [unowned self] peerId, title in
        openChat(peerId, title: title)
    }

    /// Avatars and photos as pictures, where the terminal shows them.
    private let pictures: TerminalPictures?
    /// The person's editor on a chat's draft (Alt-E), where the terminal can be handed over.
    var editExternally: ((String) throws -> String)?
    /// Wakes the run loop for a frame (attached files copying, ^T; a read that changed the list);
    /// set where there is a run loop to wake.
    var frameWake: WakePipe?

    init(app: any AppHost, account: any AccountHost, navigation: AppNavigationController, pictures: TerminalPictures?) {
        self.app = app
        self.pictures = pictures
        self.account = account
        self.navigation = navigation
        sources = account.sources
        let chatList = ChatListController(source: sources)
        if let avatars = pictures?.avatars { account.attach(avatars, to: chatList) }
        let calls = CallsController(source: sources)
        settings = SettingsFlow(app: app, navigation: navigation)
        let settingsController = SettingsController { [] }
        root = TelegramRootController(chatList: chatList, contacts: ContactsController(source: sources), calls: calls,
                                      settings: settingsController,
                                      showsCallsTab: app.presentation.interfaceSettings.showCallsTab)
        settingsController.rows = { [unowned settings] in settings.rows() }
        chatList.countsMutedChats = app.presentation.inAppNotificationSettings.totalUnreadCountIncludeMuted
        chatList.onOpenChat = { [unowned self] chat in openChat(chat.peerId, title: chat.title) }
        chatList.onSearch = { [unowned self] in openSearch() }
        chatList.onChatGone = { [unowned self] peerId in closeChat(peerId) }
        chatList.actions = account.chatListActions()
        chatList.onFailure = { [unowned self] text in say(text) }
        navigation.onChatsLeft = { [unowned self] left in
            for chat in left { chat.saveDraftIfChanged() }
            root.chatList.reload(now: Int32(clamping: time(nil)))
        }
        if let creation = account.chatCreationActions() {
            let flow = NewChatFlow(actions: creation, navigation: navigation, openChat: { [unowned self] chat, title in openChat(chat, title: title) },
                                   say: { [unowned self] text in say(text) })
            newChats = flow
            chatList.onNewChat = { [unowned flow] in flow.offerNew() }
            chatList.offersNewChat = { creation.unavailableReason == nil }
            chatList.onAddMembers = { [unowned flow] chat in flow.offerAdd(to: chat) }
        }
        root.contacts.onOpenChat = { [unowned self] peerId, title in openChat(peerId, title: title) }
        calls.onOpenChat = { [unowned self] peerId, title in openChat(peerId, title: title) }
        callFlow = CallFlow(calls: app, navigation: navigation, sources: sources, callsTab: calls)
    }

    /// The chat open on screen (the detail column, or pushed), if any.
    var openChatPeer: ChatId? {
        navigation.viewControllers.compactMap { $0 as? ChatController }.last?.peerId
    }

    /// Opens a chat: in the detail column on a wide terminal, pushed on a narrow one; a chat
    /// already open is replaced, not stacked; the search, if open, stays under it with its results.
    func openChat(_ peerId: ChatId, title: String, at message: ChatMessage.Index? = nil) {
        let chat = ChatController(source: sources, peerId: peerId, title: title, opening: message)
        if let pictures { account.attach(pictures.photos, to: chat) }
        callFlow.offerCall(in: chat)
        let account = account
        chat.actions = chatActions
        chat.openActions = openActions
        if let frameWake { chat.attachmentSource = account.attachmentSource(wake: frameWake, log: app.log) }
        chat.onNextUnread = { [unowned self] in
            guard let next = root.chatList.nextUnread(after: peerId) else { return }
            openChat(next.peerId, title: next.title)
        }
        chat.onEditExternally = editExternally
        chat.onTyping = { [account] in account.typing(in: peerId) }
        // Marked read once the frame showing it is drawn: a write, and a word to the connection
        // that then tells the server, which need not stand between a message and the screen.
        chat.onRead = { [unowned self] index in readAfterFrame.append((peerId, index)) }
        for case let open as ChatController in navigation.viewControllers { open.saveDraftIfChanged() }
        // A chat opened from the search goes over it: Esc comes back to the results as they were.
        let replacing = navigation.viewControllers.contains { $0 is ChatController }
        var stack = navigation.viewControllers.filter { !($0 is ChatController) }
        stack.append(chat)
        if replacing {
            navigation.setViewControllers(stack, animated: false)
        } else {
            navigation.pushViewController(chat)
        }
        if banner.controller?.peerId == peerId { banner.dismiss(from: navigation) }
        account.opened(peerId)
    }

    /// A chat whose row went (deleted, left) closed where it is open, beside the list or over it.
    private func closeChat(_ peerId: ChatId) {
        let kept = navigation.viewControllers.filter { ($0 as? ChatController)?.peerId != peerId }
        if kept.count < navigation.viewControllers.count { navigation.setViewControllers(kept, animated: false) }
    }

    /// A line near the top for a few seconds (a refusal, what a request came to).
    private func say(_ text: String) {
        notice.show(NoticeController([text]), in: navigation, now: Int32(clamping: time(nil)), seconds: 4)
    }

    private func openSearch() {
        let search = ChatSearchController(source: sources)
        search.onOpenChat = { [unowned self] peerId, title, message in openChat(peerId, title: title, at: message) }
        navigation.pushViewController(search, animated: false)
    }

    /// What changed since the last look: a background import's progress, the list (and, from it,
    /// banners for new messages), the calls, the open chat, the box of a running call.
    func refresh(now: Int32 = Int32(clamping: time(nil))) {
        // A handed-over import runs beside the interface: how far it is, in the list's title.
        root.chatList.activity = app.backgroundProgress.map { "\($0.label)… \($0.percent)%" }
        let before = root.chatList.chats
        root.chatList.reload(now: now)
        notifyNewMessages(before: before, after: root.chatList.chats, now: now)
        if root.calls.isContentLoaded { root.calls.reload(now: now) }
        for case let chat as ChatController in navigation.viewControllers where chat.isContentLoaded {
            chat.reload()
            chat.saveDraftIfChanged()
        }
        for chat in leftChats { chat.saveDraftIfChanged() }
        leftChats = navigation.viewControllers.compactMap { $0 as? ChatController }
        callFlow.refresh()
        newChats?.refresh()
        openActions?.openLookedUp()
        banner.expire(in: navigation, now: now)
        notice.expire(in: navigation, now: now)
    }

    /// Before each frame: the shown screens that read pages read what the frame will show (a
    /// taller window, a chat just laid out), so drawing only shows what is loaded.
    func loadPagesIfNeeded() {
        root.chatList.loadPagesIfNeeded()
        for case let chat as ChatController in navigation.viewControllers { chat.loadPagesIfNeeded() }
    }

    /// The chats shown read up to where the frame just drawn showed them.
    func frameDrawn() {
        let reads = readAfterFrame
        readAfterFrame = []
        var listChanged = false
        for (chat, index) in reads {
            do { listChanged = try account.markRead(chat, upTo: index) || listChanged } catch {
                app.log.error("cannot mark read", metadata: ["error": "\(error)"])
            }
        }
        // The row's badge goes with the read, in the next frame, not at the next tick.
        if listChanged {
            root.chatList.reload()
            frameWake?.wake()
        }
    }

    /// Settings changed (here or by a handed-over `main settings`): what the tabs show follows.
    func applySettings() {
        let settings = app.presentation
        root.setShowsCallsTab(settings.interfaceSettings.showCallsTab)
        root.chatList.countsMutedChats = settings.inAppNotificationSettings.totalUnreadCountIncludeMuted
        root.settings.reload()
    }

    // MARK: In-app notifications

    /// A chat whose newest message is new, from someone else, unread, unmuted and not the open
    /// chat gets a banner (the newest such one; Telegram shows one at a time too). Messages that
    /// arrive read (an imported history, a chat read elsewhere) do not.
    private func notifyNewMessages(before: [ChatListItem], after: [ChatListItem], now: Int32) {
        guard !before.isEmpty else { return }
        let known = Dictionary(before.compactMap { item in item.topMessage.map { (item.peerId, $0) } }, uniquingKeysWith: max)
        let open = openChatPeer
        let arrived = after.filter { chat in
            // The open chat's messages are read as they are shown, so its count may already be 0.
            guard let top = chat.topMessage, chat.topMessageIsIncoming, chat.unreadCount > 0 || chat.peerId == open, !chat.isMuted else { return false }
            return known[chat.peerId].map { top > $0 } ?? true
        }
        onIncomingMessages(after.compactMap { chat in
            guard let top = chat.topMessage, known[chat.peerId].map({ top > $0 }) ?? true else { return nil }
            return TerminalBell.Arrival(muted: chat.isMuted, incoming: chat.topMessageIsIncoming,
                                        unread: chat.unreadCount > 0 || chat.peerId == open)
        })
        let fresh = arrived.filter { $0.peerId != open && $0.unreadCount > 0 }
        guard let newest = fresh.max(by: { ($0.topMessage!) < ($1.topMessage!) }) else { return }
        let previews = app.presentation.inAppNotificationSettings.displayPreviews
        let body = previews ? newest.preview : "New message"
        banner.show(InAppNotificationController(peerId: newest.peerId, chatTitle: newest.title, body: body),
                    in: navigation, now: now, seconds: Self.bannerSeconds)
    }

    /// `^O` while a banner is up: its chat.
    func openBannerChat() -> Bool {
        guard let shown = banner.controller else { return false }
        openChat(shown.peerId, title: shown.chatTitle)
        banner.dismiss(from: navigation)
        return true
    }

    /// Every open chat's draft written (the app quits).
    func saveDrafts() {
        for case let chat as ChatController in navigation.viewControllers { chat.saveDraftIfChanged() }
        for chat in leftChats { chat.saveDraftIfChanged() }
    }

    /// The account's screens go away (a switch, a logout): nothing of them stays on screen.
    func tearDown() {
        saveDrafts()
        banner.dismiss(from: navigation)
    }
}
