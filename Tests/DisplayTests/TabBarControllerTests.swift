import Display
import Testing

@MainActor
@Suite("TabBarController")
struct TabBarControllerTests {
    static func tabs() -> (TabBarController, [TextController]) {
        let children = ["Chats", "Contacts", "Settings"].map { TextController($0, lines: ["\($0) content"]) }
        return (TabBarController(controllers: children), children)
    }

    @Test func numberKeysAndTabSwitch() {
        let (tabs, children) = Self.tabs()
        let scene = Scene(width: 60, height: 12, root: tabs)
        #expect(scene.text().contains("Chats content"))
        scene.type("3")
        #expect(tabs.selectedIndex == 2)
        #expect(scene.text().contains("Settings content"))
        scene.press(.tab)
        #expect(tabs.selectedIndex == 0)
        scene.press(.backTab)
        #expect(tabs.selectedIndex == 2)
        scene.type("9")
        #expect(tabs.selectedIndex == 2, "no ninth tab")
        #expect(children[1].loadCount == 0, "a tab never shown never loads")
    }

    @Test func childGetsKeysFirst() {
        let (tabs, children) = Self.tabs()
        children[0].handledCharacters = ["2"]
        let scene = Scene(width: 60, height: 12, root: tabs)
        scene.type("2")
        #expect(tabs.selectedIndex == 0)
        #expect(children[0].receivedKeys == ["2"])
    }

    @Test func itemsChangeLiveAndKeepTheSelection() {
        let (tabs, children) = Self.tabs()
        let scene = Scene(width: 80, height: 12, root: tabs)
        scene.type("3")
        let calls = TextController("Calls")
        tabs.setControllers([children[0], children[1], calls, children[2]], selectedIndex: nil)
        #expect(tabs.selectedIndex == 3 && tabs.currentController === children[2])
        #expect(scene.surface().textLines.last!.contains("3 Calls"))
        tabs.setControllers([children[0], children[1], children[2]], selectedIndex: nil)
        #expect(tabs.currentController === children[2])
        #expect(!scene.text().contains("Calls"))
    }

    @Test func badgesShowAndTitleMirrorsTheCurrentTab() {
        let (tabs, children) = Self.tabs()
        children[0].tabBarItem = TabBarItem(title: "Chats", badge: "12")
        let scene = Scene(width: 60, height: 12, root: tabs)
        #expect(scene.surface().textLines.last!.contains("1 Chats  12 "))
        children[0].tabBarItem?.badge = nil
        #expect(!scene.surface().textLines.last!.contains("12"))
        #expect(tabs.title == "Chats")
        scene.type("2")
        #expect(tabs.title == "Contacts")
        // Pushed above the tabs, a screen's back item names the current tab.
        let pushed = TextController("Ada")
        scene.navigation.pushViewController(pushed, animated: false)
        #expect(pushed.previousItem == .back(title: "Contacts"))
    }

    @Test func labelsFitWholeWheneverTheWidthAllows() throws {
        // The split's list column at 160 columns is 53 wide: an even quarter (13) cut "3 Chats 99+".
        let children = ["Contacts", "Calls", "Chats", "Settings"].map { TextController($0) }
        children[2].tabBarItem = TabBarItem(title: "Chats", badge: "99+")
        let tabs = TabBarController(controllers: children)
        let scene = Scene(width: 53, height: 12, root: tabs)
        let row = scene.surface().textLines.last!
        for label in ["1 Contacts", "2 Calls", "3 Chats", " 99+ ", "4 Settings"] {
            #expect(row.contains(label), "\(label) whole in \(row)")
        }
        #expect(!row.contains("…"), "\(row)")
        // A click lands on the item drawn under it.
        let chats = try #require(Array(row).firstIndex(of: "3"))
        scene.window.handle(.mouse(MouseEvent(.press(.left), at: Point(column: chats, row: 11))))
        #expect(tabs.selectedIndex == 2)
    }

    @Test func clickSelectsAnItem() {
        let (tabs, _) = Self.tabs()
        let scene = Scene(width: 60, height: 12, root: tabs)
        scene.window.handle(.mouse(MouseEvent(.press(.left), at: Point(column: 45, row: 11))))
        #expect(tabs.selectedIndex == 2)
    }

    @Test func childContentStopsAboveTheTabBar() {
        let (tabs, children) = Self.tabs()
        children[0].lines = (1 ... 20).map { "row \($0)" }
        let scene = Scene(width: 60, height: 12, root: tabs)
        let lines = scene.surface().textLines
        #expect(lines[9].contains("row 8"))
        #expect(lines[10].allSatisfy { $0 == "─" })
    }
}

@MainActor
@Suite("ViewController and theme")
struct ViewControllerTests {
    @Test func layoutPutsBarContentAndToolbar() {
        let controller = TextController("Chats")
        controller.toolbar = Toolbar(items: [BarButtonItem(title: "Delete", key: KeyEvent(.delete)) {}])
        let layout = ContainerViewLayout(size: Size(width: 40, height: 10), statusBarHeight: 1, inputHeight: 2)
        let parts = controller.controllerLayout(layout)
        #expect(parts.navigationBar == Rect(column: 0, row: 1, width: 40, height: 2))
        #expect(parts.content == Rect(column: 0, row: 3, width: 40, height: 4))
        #expect(parts.toolbar == Rect(column: 0, row: 7, width: 40, height: 1))
    }

    @Test func tinyLayoutsNeverGoNegative() {
        let controller = TextController("Chats", lines: ["a"])
        controller.toolbar = Toolbar(items: [])
        for height in 0 ... 4 {
            let scene = Scene(width: 3, height: height, root: controller)
            let parts = controller.controllerLayout(ContainerViewLayout(size: Size(width: 3, height: height)))
            #expect(parts.content.height >= 0)
            #expect(scene.surface().height == height)
        }
    }

    @Test func everyThemeKeepsRolesApart() {
        for appearance in [Theme.Appearance.day, .night] {
            for depth in ColorDepth.allCases {
                let theme = Theme(appearance, depth: depth)
                #expect(theme.selection != theme.content, "\(appearance) \(depth)")
                #expect(theme.selectedTabItem != theme.tabItem)
                #expect(theme.badge != theme.content)
                if depth == .monochrome {
                    #expect([theme.content, theme.selection, theme.badge].allSatisfy {
                        $0.foreground == .default && $0.background == .default
                    }, "monochrome speaks in attributes only")
                }
            }
        }
    }

    @Test func resizeRelaysOutEveryShownController() {
        let list = TextController("Chats", presentation: .master)
        let scene = Scene(width: 160, height: 48, mode: .automaticMasterDetail, root: list)
        scene.navigation.reducedMotion = true
        let chat = TextController("Ada")
        scene.navigation.pushViewController(chat)
        let sheet = TextController("Sheet", presentation: .modal)
        scene.navigation.pushViewController(sheet)
        #expect(list.validLayout?.size == Size(width: 53, height: 48))
        scene.resize(80, 24)
        _ = scene.surface()
        #expect(sheet.validLayout?.size.width == 74)
        scene.navigation.popViewController(animated: false)
        _ = scene.surface()
        #expect(chat.validLayout?.size == Size(width: 80, height: 24))
        scene.resize(160, 48)
        #expect(chat.validLayout?.size == Size(width: 106, height: 48))
    }
}
