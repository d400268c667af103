import AppCore
import Display
import Formats
import Storage
import TelegramUI

/// The app's screens wired to the launched app: the root chosen by the context (seed 000's split:
/// the authorization sequence, or the tabs of TelegramRootController), chats opened beside the
/// list or pushed, the composer's text stored through `OutgoingMessages` (main is the writer),
/// chats marked read as they are shown, and everything re-read when the app's data changes.
@MainActor
final class AppScreens {
    let window: Window
    let navigation: AppNavigationController
    private let app: LaunchedApp
    private var root: TelegramRootController?
    let locked = LockedController()

    init(app: LaunchedApp, theme: Theme, reducedMotion: Bool) {
        self.app = app
        let strings = app.shared.presentationData.strings
        let context = PresentationContext(theme: theme, strings: NavigationBarStrings(back: strings.commonBack, close: strings.commonClose))
        navigation = AppNavigationController(mode: .automaticMasterDetail)
        navigation.reducedMotion = reducedMotion
        window = Window(rootController: navigation, context: context)
        if let account = app.account {
            let data = AccountData(postbox: account.postbox)
            let chatList = ChatListController(data: data)
            let contacts = ContactsController(data: data)
            let calls = CallsController(data: data)
            let settings = SettingsController { [app] in Self.settingsRows(app) }
            let root = TelegramRootController(chatList: chatList, contacts: contacts, calls: calls, settings: settings,
                                              showsCallsTab: app.shared.presentationData.interfaceSettings.showCallsTab)
            chatList.onOpenChat = { [unowned self] chat in openChat(chat.peerId, title: chat.title, data: data, account: account) }
            contacts.onOpenChat = { [unowned self] peerId, title in openChat(peerId, title: title, data: data, account: account) }
            calls.onOpenChat = { [unowned self] peerId, title in openChat(peerId, title: title, data: data, account: account) }
            self.root = root
            navigation.setViewControllers([root], animated: false)
        } else {
            navigation.setViewControllers([SignedOutController()], animated: false)
        }
        updateLock()
    }

    /// The lock state as every process reads it (a passcode set and the file locked, or the
    /// auto-lock timeout passed since the last activity): while locked, the window's root is the
    /// locked screen and the navigation is not drawn.
    func updateLock() {
        let isLocked = app.shared.accountManager.lockReader(app.layout).isLocked()
        if isLocked, window.rootController !== locked {
            window.rootController = locked
        } else if !isLocked, window.rootController === locked {
            window.rootController = navigation
        }
    }

    /// Opens a chat: in the detail column on a wide terminal, pushed on a narrow one; a chat
    /// already open is replaced, not stacked.
    private func openChat(_ peerId: PeerId, title: String, data: AccountData, account: AccountContext) {
        let chat = ChatController(data: data, peerId: peerId, title: title)
        chat.onSend = { [app] text in
            _ = try OutgoingMessages.sendText(text, to: peerId, account: account)
            app.logger.info("message sent from the interface", metadata: ["peer": "\(peerId.toInt64())"])
        }
        chat.onRead = { [app] index in
            do { try OutgoingMessages.markRead(peerId, upTo: index, account: account) } catch {
                app.logger.error("cannot mark read", metadata: ["error": "\(error)"])
            }
        }
        var stack = navigation.viewControllers.filter { !($0 is ChatController) }
        stack.append(chat)
        if navigation.viewControllers.last is ChatController {
            navigation.setViewControllers(stack, animated: false)
        } else {
            navigation.pushViewController(chat)
        }
    }

    /// What changed in the container since the last look: the list, the open chat, the tabs.
    func refresh() {
        updateLock()
        guard let root, window.rootController !== locked else { return }
        root.chatList.reload()
        if root.calls.isContentLoaded { root.calls.reload() }
        for case let chat as ChatController in navigation.viewControllers where chat.isContentLoaded { chat.reload() }
    }

    static func settingsRows(_ app: LaunchedApp) -> [SettingsController.Row] {
        let settings = app.shared.presentationData
        var rows: [SettingsController.Row] = []
        if let record = app.account?.record {
            rows.append(.init(title: "Account", value: String(record.id)))
        }
        rows.append(.init(title: "Passcode", value: app.shared.accountManager.hasPasscode ? "On" : "Off"))
        rows.append(.init(title: "Auto-lock", value: "\(settings.interfaceSettings.autolockTimeout / 60) min"))
        rows.append(.init(title: "Notification previews", value: settings.inAppNotificationSettings.displayPreviews ? "On" : "Off"))
        rows.append(.init(title: "Calls tab", value: settings.interfaceSettings.showCallsTab ? "Shown" : "Hidden"))
        return rows
    }
}
