import Display

/// display-demo's navigation screens: Telegram's root in miniature, built only from Display — a
/// tab controller (Chats, Contacts, Settings) as the master of an `automaticMasterDetail`
/// navigation controller. Enter opens a chat (pushed; in the detail column at ≥ 120 columns),
/// `n` opens a "New Message" sheet, `t` shows a toast, `l` a lock screen (global overlay, any
/// key unlocks), `p` minimizes an open chat to the corner box, Esc goes back, F6 switches columns.
@MainActor
enum NavigationDemo {
    static let names = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Project group 中文", "Edsger Dijkstra",
                        "Family 👩‍👩‍👧", "Barbara Liskov", "Donald Knuth", "Ken Thompson", "Margaret Hamilton",
                        "Saved Messages", "Linus", "Radia Perlman", "Frances Allen", "Niklaus Wirth"]

    static func makeWindow(theme: Theme, reducedMotion: Bool) -> Window {
        let chats = ListController(title: "Chats", items: names.enumerated().map { index, name in
            ListItem(title: name, detail: "12:\(10 + index)", badge: index % 4 == 0 ? "\(index + 1)" : nil)
        })
        chats.tabBarItem = TabBarItem(title: "Chats", badge: "3")
        let contacts = ListController(title: "Contacts", items: names.sorted().map { ListItem(title: $0, detail: "online") })
        let settings = ListController(title: "Settings", items: ["Notifications", "Privacy and Security", "Data and Storage",
                                                                 "Appearance", "Language"].map { ListItem(title: $0) })
        let tabs = TabBarController(controllers: [chats, contacts, settings])
        tabs.navigationPresentation = .master
        let navigation = NavigationController(mode: .automaticMasterDetail, root: tabs)
        navigation.reducedMotion = reducedMotion

        chats.onOpen = { [unowned navigation] index in
            navigation.pushViewController(chat(named: names[index]))
        }
        let newMessage = BarButtonItem(title: "New Message", key: KeyEvent(.character("n"))) { [unowned navigation] in
            let sheet = ListController(title: "New Message", items: names.sorted().map { ListItem(title: $0) })
            sheet.navigationPresentation = .modal
            sheet.onOpen = { [unowned navigation, unowned sheet] index in
                let picked = chat(named: sheet.items[index].title)
                navigation.pushViewController(picked)
            }
            navigation.pushViewController(sheet)
        }
        chats.rightBarItems = [newMessage]

        let window = Window(rootController: navigation, context: PresentationContext(theme: theme))
        window.dispatchHook = { [unowned navigation] event in
            guard case .key(let key) = event else { return false }
            // A toast stays until the next key (Display has no clock to time it out with).
            for toast in navigation.overlayControllers where toast is Toast { navigation.dismissOverlay(toast) }
            guard let character = key.plainCharacter else { return false }
            switch character {
            case "t":
                navigation.presentOverlay(Toast(text: "Link copied to clipboard"))
                return true
            case "l" where navigation.globalOverlayControllers.isEmpty:
                navigation.presentGlobalOverlay(LockScreen())
                return true
            case "p":
                if let top = navigation.topViewController, top.navigationPresentation != .master,
                   navigation.viewControllers.count > 1 {
                    navigation.minimize(top)
                    return true
                }
                return false
            default:
                return false
            }
        }
        return window
    }

    static func chat(named name: String) -> ListController {
        let chat = ListController(title: name, items: (1 ... 40).map { index in
            ListItem(title: index % 2 == 0 ? "\(name): message \(index)" : "You: reply \(index)", detail: "10:\(10 + index)")
        })
        chat.subtitle = "online"
        chat.select(39)
        return chat
    }
}

/// A one-line message in a box near the bottom that takes no input; the next key removes it.
@MainActor
final class Toast: ViewController {
    init(text: String) {
        super.init(title: text)
        displaysNavigationBar = false
    }

    override func overlayFrame(in bounds: Rect) -> Rect {
        let width = min(TextWidth.of(title) + 4, bounds.width)
        return Rect(column: (bounds.width - width) / 2, row: max(bounds.height - 6, 0), width: width, height: 3)
    }

    override func render(in canvas: inout Canvas, context: PresentationContext) {
        canvas.clear(style: context.theme.content)
        canvas.drawBox(canvas.bounds, style: context.theme.sheetBorder)
        canvas.put(title, column: 2, row: 1, style: context.theme.content, maxWidth: max(canvas.size.width - 4, 0))
    }
}

/// The passcode screen as a global overlay: above everything, takes every key; any key unlocks.
@MainActor
final class LockScreen: ViewController {
    init() {
        super.init(title: "Telegram")
    }

    override func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        let lines = ["🔒", "", "Locked", "", "Press any key to unlock"]
        for (index, line) in lines.enumerated() {
            let width = TextWidth.of(line)
            canvas.put(line, column: max((canvas.size.width - width) / 2, 0), row: canvas.size.height / 3 + index,
                       style: index == 2 ? context.theme.barTitle.withBackground(of: context.theme.content) : context.theme.content)
        }
    }

    override func handle(_ event: InputEvent) -> Bool {
        if case .key = event { navigationController?.dismissGlobalOverlay(self) }
        return true
    }
}
