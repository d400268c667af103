import AppCore
import Display
import Storage
import TelegramUI

/// The app's window and what is in it (Telegram's root controller): the root chosen by the
/// context — the authorization sequence, or the tabs of the current account — and swapped in the
/// same process when a login, a logout or a switch changes it; the passcode screen over
/// everything while the app is locked; the theme and the tabs following the settings; `?` for the
/// keys. The root is gated on readiness: the window draws its launch screen until the selected
/// tab's first screen is read (Telegram's tabBar-and-selectedTab gate).
@MainActor
final class AppScreens {
    let window: Window
    let navigation: AppNavigationController
    private let app: any AppHost
    private let depth: ColorDepth
    private let pictures: TerminalPictures?
    private(set) var account: AccountScreens?
    private(set) var lockScreen: LockScreen?
    private var appliedSettings: PresentationDataAndSettings?

    init(app: any AppHost, depth: ColorDepth, reducedMotion: Bool, pictures: TerminalPictures? = nil) {
        self.app = app
        self.depth = depth
        self.pictures = pictures
        let strings = app.presentation.strings
        let context = PresentationContext(theme: Self.theme(app, depth: depth),
                                          strings: NavigationBarStrings(back: strings.commonBack, close: strings.commonClose))
        navigation = AppNavigationController(mode: .automaticMasterDetail)
        navigation.reducedMotion = reducedMotion
        // The call's corner box floats above the tab bar, not over it.
        navigation.minimizedBoxBottomInset = TabBar.height
        window = Window(rootController: navigation, context: context)
        window.showsKeyLine = true
        window.minimumSize = Size(width: 40, height: 12)
        navigation.onHelp = { [unowned self] in showHelp() }
        navigation.onKey = { [unowned self] key in
            if key == InAppNotificationController.openKey { return account?.openBannerChat() ?? false }
            return false
        }
        showRoot()
        updateLock()
        appliedSettings = app.presentation
    }

    static func theme(_ app: any AppHost, depth: ColorDepth) -> Theme {
        Theme(app.presentation.themeSettings.theme == .night ? .night : .day, depth: depth)
    }

    /// The context split: the current account's tabs, or the login. Until the tabs' first
    /// screen is read, the window shows its launch screen.
    func showRoot() {
        account?.tearDown()
        account = nil
        navigation.ready.set(false)
        if navigation.minimizedController != nil { navigation.dismissMinimized() }
        if let current = app.currentAccount {
            let screens = AccountScreens(app: app, account: current, navigation: navigation, pictures: pictures)
            screens.settings.onSettingsChanged = { [unowned self] in applySettings() }
            screens.settings.onAccountChanged = { [unowned self] in accountChanged() }
            screens.settings.onLock = { [unowned self] in updateLock() }
            account = screens
            var gate = ReadinessGate(conditions: ["tabBar", "selectedTab"])
            navigation.setViewControllers([screens.root], animated: false)
            gate.satisfy("tabBar")
            screens.root.chatList.loadContentIfNeeded()
            gate.satisfy("selectedTab")
            navigation.ready.set(gate.isReady)
        } else {
            let login = LoginFlow.make(app: app, onLoggedIn: { [unowned self] in accountChanged() })
            navigation.setViewControllers([login], animated: false)
            navigation.ready.set(true)
        }
    }

    /// A login, a logout or a switch made here: the context follows the current record.
    private func accountChanged() {
        do {
            _ = try app.reloadAccountIfNeeded()
        } catch {
            app.log.error("cannot open the account", metadata: ["error": "\(error)"])
        }
        showRoot()
    }

    /// The lock state as every process reads it (a passcode set and the file locked, or the
    /// auto-lock timeout passed since the last activity): while locked, the passcode screen is a
    /// global overlay that hides everything beneath it.
    func updateLock() {
        let isLocked = app.isLocked
        if isLocked, lockScreen == nil {
            let screen = LockScreen(app: app) { [unowned self] in updateLock() }
            navigation.presentGlobalOverlay(screen.controller, blocksInteraction: true)
            lockScreen = screen
        } else if !isLocked, let screen = lockScreen {
            navigation.dismissGlobalOverlay(screen.controller)
            lockScreen = nil
        } else {
            lockScreen?.followWait()
        }
    }

    /// What changed in the container since the last look: the lock, the current account (a
    /// handed-over `main login`, `logout` or `accounts switch`), the settings, then the screens.
    func refresh() {
        updateLock()
        do {
            if try app.reloadAccountIfNeeded() { showRoot() }
        } catch {
            app.log.error("cannot open the account", metadata: ["error": "\(error)"])
        }
        if app.presentation != appliedSettings { applySettings() }
        guard lockScreen == nil else { return }
        account?.refresh()
        if let link = app.takeLinkToOpen() { open(link) }
    }

    /// The step before each frame: the shown screens read the pages it will show (not while
    /// locked: nothing of them is drawn).
    func loadPagesIfNeeded() {
        guard lockScreen == nil else { return }
        account?.loadPagesIfNeeded()
    }

    /// A link from `main URL` or a handed-over `main open URL`: its account made current if it is
    /// another one, then its chat opened.
    private func open(_ link: LinkToOpen) {
        if account?.account.accountId != link.accountId {
            do { try app.switchAccount(to: link.accountId) } catch {
                app.log.error("cannot open the link's account", metadata: ["error": "\(error)"])
                return
            }
            accountChanged()
        }
        account?.openChat(PeerId(link.peerId).chatId, title: link.title)
    }

    /// The settings' observers: the theme, the Calls tab, the badge's muted chats, the rows.
    func applySettings() {
        appliedSettings = app.presentation
        window.context.theme = Self.theme(app, depth: depth)
        account?.applySettings()
    }

    private func showHelp() {
        guard !(navigation.viewControllers.last is HelpController) else { return }
        navigation.pushViewController(HelpController())
    }
}
