import AppConfiguration
import AppCore
import DesktopIntegration
import Display
import Formats
import Glibc
import TelegramCore
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
    /// Puts text on the terminal's clipboard (set by the interface, which owns the terminal).
    var clipboard: (String) -> Void = { _ in }
    /// The person's configuration file: the keys every screen reads, and a theme that wins
    /// over the settings' while it names one.
    let configuration: AppConfiguration
    /// What the configuration file got wrong, shown at launch.
    private var configurationNotice = TimedOverlay<NoticeController>()
    static let configurationNoticeSeconds: Int32 = 10
    /// Chats with new messages (the bell's cue; set by the interface, which owns the terminal).
    var onIncomingMessages: ([TerminalBell.Arrival]) -> Void = { _ in }
    /// A draft through the person's editor, where the terminal can be handed over (Alt-E in a chat).
    var editExternally: ((String) throws -> String)? {
        didSet { account?.editExternally = editExternally }
    }
    /// Wakes the run loop for a frame: a chat's attached files copying, a read that changed the
    /// list (set by the interface, which runs it).
    var frameWake: WakePipe? {
        didSet { account?.frameWake = frameWake }
    }

    /// From any thread: the screens look again soon (`refresh`), as after the app's tick.
    let refreshSoon: @Sendable () -> Void

    init(app: any AppHost, depth: ColorDepth, reducedMotion: Bool, pictures: TerminalPictures? = nil,
         configuration: AppConfiguration = .defaults, refreshSoon: @escaping @Sendable () -> Void = {}) {
        self.app = app
        self.refreshSoon = refreshSoon
        self.depth = depth
        self.pictures = pictures
        self.configuration = configuration
        let strings = app.presentation.strings
        let context = PresentationContext(theme: Self.theme(app, configured: configuration.theme, depth: depth),
                                          strings: NavigationBarStrings(back: strings.commonBack, close: strings.commonClose))
        navigation = AppNavigationController(mode: .automaticMasterDetail)
        navigation.reducedMotion = reducedMotion
        navigation.keyBindings = configuration.keyBindings
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
        showConfigurationProblems()
    }

    /// The configuration file's theme if it names one, else the settings'.
    static func theme(_ app: any AppHost, configured: PresentationThemeSettings.Theme?, depth: ColorDepth) -> Theme {
        switch configured ?? app.presentation.themeSettings.theme {
        case .terminal: return Theme(.terminal, depth: depth)
        case .day: return Theme(.day, depth: depth)
        case .night: return Theme(.night, depth: depth)
        }
    }

    /// Each problem in the configuration file goes to the log; the first is shown in a notice
    /// (with how many more), since the app runs on with the defaults in their place.
    private func showConfigurationProblems() {
        let problems = configuration.problems
        guard let first = problems.first else { return }
        for problem in problems { app.log.error("configuration file", metadata: ["problem": "\(problem)"]) }
        // The file's name and line first, so a narrow window cuts the long folder, not the line.
        let name = first.file.split(separator: "/").last.map(String.init) ?? first.file
        var lines = [name + (first.line.map { " line \($0)" } ?? "") + ":", first.message, "in " + first.file]
        if problems.count > 1 { lines.append("and \(problems.count - 1) more in the log; the rest of the file applies") }
        configurationNotice.show(NoticeController(lines), in: navigation, now: Int32(clamping: time(nil)),
                                 seconds: Self.configurationNoticeSeconds)
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
            screens.editExternally = editExternally
            screens.frameWake = frameWake
            screens.settings.onSettingsChanged = { [unowned self] in applySettings() }
            screens.settings.onAccountChanged = { [unowned self] in accountChanged() }
            screens.settings.onLock = { [unowned self] in updateLock() }
            screens.settings.refreshSoon = refreshSoon
            screens.copyToClipboard = { [unowned self] in clipboard($0) }
            screens.onIncomingMessages = { [unowned self] in onIncomingMessages($0) }
            screens.opener = Opener(command: configuration.opener ?? Opener.defaultCommand)
            screens.settings.configuredTheme = configuration.theme
            account = screens
            var gate = ReadinessGate(conditions: ["tabBar", "selectedTab"])
            navigation.setViewControllers([screens.root], animated: false)
            gate.satisfy("tabBar")
            screens.root.chatList.loadContentIfNeeded()
            gate.satisfy("selectedTab")
            navigation.ready.set(gate.isReady)
        } else {
            let login = LoginFlow.make(app: app, refreshSoon: refreshSoon, onLoggedIn: { [unowned self] in accountChanged() })
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
        // A login's step answered by its server (the login screen, or Add Account's).
        (navigation.topViewController as? TextEntryController)?.onRefresh?()
        updateLock()
        do {
            if try app.reloadAccountIfNeeded() { showRoot() }
        } catch {
            app.log.error("cannot open the account", metadata: ["error": "\(error)"])
        }
        configurationNotice.expire(in: navigation, now: Int32(clamping: time(nil)))
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

    /// The step after each frame: what the shown screens left for once it is on the screen.
    func frameDrawn() {
        account?.frameDrawn()
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
        account?.openChat(EnginePeer.Id(link.peerId).chatId, title: link.title)
    }

    /// The settings' observers: the theme, the Calls tab, the badge's muted chats, the rows.
    func applySettings() {
        appliedSettings = app.presentation
        window.context.theme = Self.theme(app, configured: configuration.theme, depth: depth)
        account?.applySettings()
    }

    private func showHelp() {
        guard !(navigation.viewControllers.last is HelpController) else { return }
        navigation.pushViewController(HelpController(bindings: navigation.keyBindings))
    }
}
