import Display
import Testing

/// Whole screens of the navigation architecture, compared with `Snapshots/navigation-*.txt`.
/// Monochrome unless the style is the point; `DISPLAY_RECORD_SNAPSHOTS=1` rewrites them.
@MainActor
@Suite("Snapshots of navigation screens")
struct NavigationSnapshotTests {
    static let chatList = ["Saved Messages", "Ada Lovelace      see you at six", "Project group     Grace: done",
                           "Alan Turing       photo"]

    static func masterDetailScene(width: Int, height: Int) -> Scene {
        let list = TextController("Chats", lines: chatList, presentation: .master)
        list.rightBarItems = [BarButtonItem(title: "New", key: KeyEvent(.character("n"), modifiers: .control)) {}]
        let scene = Scene(width: width, height: height, mode: .automaticMasterDetail, root: list)
        scene.navigation.reducedMotion = true
        scene.navigation.pushViewController(TextController("Ada Lovelace", lines: ["Ada: see you at six"], subtitle: "online"))
        return scene
    }

    static let modes: [(NavigationPresentation, String)] = [
        (.default, "default"), (.master, "master"), (.modal, "modal"), (.flatModal, "flatModal"),
        (.standaloneModal, "standaloneModal"), (.standaloneFlatModal, "standaloneFlatModal"),
        (.modalInLargeLayout, "modalInLargeLayout"), (.modalInCompactLayout, "modalInCompactLayout"),
    ]

    /// Each of the eight presentations pushed over a list and a chat, at 80×24 (compact) and
    /// 120×32 (regular): where the controller lands and what its bar shows.
    @Test(arguments: [(80, 24, "compact"), (120, 32, "regular")])
    func everyPresentationMode(width: Int, height: Int, widthClass: String) throws {
        for (mode, name) in Self.modes {
            let scene = Self.masterDetailScene(width: width, height: height)
            scene.navigation.pushViewController(TextController("Shown \(name)", lines: ["presented as \(name)"],
                                                               presentation: mode))
            try Snapshot.check(scene.surface(), named: "navigation-mode-\(name)-\(widthClass)")
        }
    }

    /// All five layers at once: a root, a sheet, a toast, the minimized box, and a global banner
    /// on top, each drawn over the one below.
    @Test func fiveLayersInOrder() throws {
        let scene = Scene(width: 80, height: 24, root: TextController("Chats", lines: Self.chatList))
        scene.navigation.reducedMotion = true
        let call = TextController("Call with Ada", presentation: .modal)
        scene.navigation.pushViewController(call)
        scene.navigation.minimize(call)
        scene.navigation.pushViewController(TextController("Settings", lines: ["Notifications", "Privacy"], presentation: .modal))
        scene.navigation.presentOverlay(ToastController("Link copied"))
        let banner = ToastController("Ada: are you there?")
        scene.navigation.presentGlobalOverlay(BannerController("Ada: are you there?"), blocksInteraction: false)
        _ = banner
        try Snapshot.check(scene.surface(), named: "navigation-five-layers", styles: true)
    }

    /// The minimized box with a live subtitle (a call's figures) on its second line and the keys in
    /// its bottom border, F8 named by the controller ("end call"), over the split at 120×32.
    @Test func minimizedBoxWithSubtitle() throws {
        let scene = Self.masterDetailScene(width: 120, height: 32)
        let call = MinimizableTextController("📞 Ada Lovelace", closeTitle: "end call")
        call.subtitle = "30 fps · 245 ✓ · active"
        scene.navigation.presentMinimized(call)
        try Snapshot.check(scene.surface(), named: "navigation-minimized-subtitle", styles: true)
    }

    /// A sheet over the split root at 160×48: centred, bounded, everything under it dimmed.
    @Test func modalOverSplitRoot() throws {
        let scene = Self.masterDetailScene(width: 160, height: 48)
        scene.navigation.pushViewController(TextController("New Group", lines: ["Add members"], presentation: .modal))
        try Snapshot.check(scene.surface(), named: "navigation-modal-over-split", styles: true)
    }

    /// The split collapses into one stack at 80×24 (the chat pushed on the list, `‹ Chats`) and
    /// expands again at 160×48, the stack unchanged.
    @Test func collapseAndExpand() throws {
        let scene = Self.masterDetailScene(width: 160, height: 48)
        scene.navigation.pushViewController(TextController("Shared Media", lines: ["12 photos"]))
        try Snapshot.check(scene.surface(), named: "navigation-split-160x48")
        scene.resize(80, 24)
        try Snapshot.check(scene.surface(), named: "navigation-collapsed-80x24")
        scene.resize(160, 48)
        try Snapshot.check(scene.surface(), named: "navigation-split-160x48")
    }

    /// Back titles down a stack and Close on a modal's first controller, with a long title cut.
    @Test func backTitlesAndClose() throws {
        let scene = Scene(width: 60, height: 14, root: TextController("Chats"))
        scene.navigation.reducedMotion = true
        scene.navigation.pushViewController(TextController("Ada Lovelace and the Analytical Engine Society"))
        scene.navigation.pushViewController(TextController("Info", lines: ["back title cut to a quarter"]))
        try Snapshot.check(scene.surface(), named: "navigation-back-title")
        scene.navigation.pushViewController(TextController("Edit", lines: ["a modal's first shows Close"], presentation: .modal))
        try Snapshot.check(scene.surface(), named: "navigation-close")
    }

    /// A push waiting for `ready`: the list stays, a key is absorbed; then the chat appears.
    @Test func readyGatedPush() throws {
        let list = TextController("Chats", lines: Self.chatList)
        let scene = Scene(width: 60, height: 12, root: list)
        scene.navigation.reducedMotion = true
        let chat = TextController("Ada Lovelace", lines: ["first page of history"])
        chat.ready.set(false)
        scene.navigation.pushViewController(chat)
        scene.type("j")
        try Snapshot.check(scene.surface(), named: "navigation-ready-waiting")
        #expect(list.received.isEmpty)
        chat.ready.set(true)
        try Snapshot.check(scene.surface(), named: "navigation-ready-shown")
    }

    /// A toast that takes no input over the list.
    @Test func nonBlockingOverlay() throws {
        let list = TextController("Chats", lines: Self.chatList)
        let scene = Scene(width: 60, height: 12, root: list)
        scene.navigation.presentOverlay(ToastController("Link copied"))
        scene.type("j")
        #expect(list.receivedKeys == ["j"])
        try Snapshot.check(scene.surface(), named: "navigation-toast")
    }

    /// A lock screen (global overlay) above a sheet: it covers everything.
    @Test func globalOverlayAboveModal() throws {
        let scene = Scene(width: 60, height: 14, root: TextController("Chats", lines: Self.chatList))
        scene.navigation.reducedMotion = true
        scene.navigation.pushViewController(TextController("Settings", presentation: .modal))
        let lock = TextController("Telegram", lines: ["", "Enter your passcode", "", "  ● ● ○ ○"])
        scene.navigation.presentGlobalOverlay(lock)
        try Snapshot.check(scene.surface(), named: "navigation-global-over-modal")
    }

    /// A push drawn midway: the new screen sliding in over the old.
    @Test func pushMidway() throws {
        let scene = Scene(width: 60, height: 8, root: TextController("Chats", lines: Self.chatList))
        scene.navigation.pushViewController(TextController("Ada Lovelace", lines: ["sliding in"]))
        for _ in 0 ..< 3 { scene.window.advanceAnimationFrame() }
        try Snapshot.check(scene.surface(), named: "navigation-push-midway")
    }

    /// The day theme in 256 colours, with its style layer: bar, separator, accent, badges.
    @Test func dayThemeStyles() throws {
        let chats = TextController("Chats", lines: Self.chatList)
        chats.tabBarItem = TabBarItem(title: "Chats", badge: "3")
        let contacts = TextController("Contacts")
        let settings = TextController("Settings")
        let tabs = TabBarController(controllers: [chats, contacts, settings])
        let scene = Scene(width: 60, height: 10, root: tabs, theme: Theme(.day, depth: .palette256), statusText: "Connecting…")
        try Snapshot.check(scene.surface(), named: "navigation-tabs-day-256", styles: true)
    }

    /// Borders and bars stay put beside CJK, emoji, ZWJ sequences and flags in titles and rows.
    @Test func bordersBesideWideText() throws {
        let list = TextController("聊天 💬", lines: ["中文名字的朋友们", "👩‍👩‍👧 Family 🏳️‍🌈", "🇺🇦🇩🇪🇯🇵 flags", "e\u{301}te\u{301} ❤️ 1\u{FE0F}\u{20E3}"],
                                  subtitle: "👩‍👩‍👧 家族")
        let scene = Scene(width: 40, height: 14, root: list)
        scene.navigation.reducedMotion = true
        scene.navigation.pushViewController(TextController("表情符号 👨‍👩‍👧‍👦🇺🇦 and a long tail", lines: ["中文中文中文中文中文中文中文中文中文中文"],
                                                           presentation: .modal))
        try Snapshot.check(scene.surface(), named: "navigation-wide-text")
    }
}

/// A one-row banner across the top, as a global overlay that takes no input.
@MainActor
final class BannerController: ViewController {
    init(_ text: String) {
        super.init(title: text)
        displaysNavigationBar = false
    }

    override func overlayFrame(in bounds: Rect) -> Rect { Rect(column: 0, row: 0, width: bounds.width, height: 1) }

    override func render(in canvas: inout Canvas, context: PresentationContext) {
        canvas.clear(style: Style(attributes: .reverse))
        canvas.put("🔔 " + title, column: 1, row: 0, style: Style(attributes: .reverse), maxWidth: canvas.size.width - 2)
    }
}
