import Display
import Testing

/// The window's own parts: the key line, the "terminal too small" notice, the launch screen
/// until the root is ready, and a global overlay that hides everything beneath it.
@MainActor
@Suite("Window: key line, small terminals, readiness, opaque overlays")
struct WindowTests {
    @Test("the key line lists the focused screen's keys, then the navigation's, above nothing else")
    func keyLine() throws {
        let list = ListController(title: "Chats", items: (1...3).map { ListItem(title: "Chat \($0)") })
        list.onOpen = { _ in }
        list.rightBarItems = [BarButtonItem(title: "New", key: KeyEvent(.character("n"), modifiers: .control)) {}]
        let scene = Scene(width: 60, height: 12, root: list)
        scene.window.showsKeyLine = true
        #expect(scene.window.layout.size == Size(width: 60, height: 11), "the root is laid out above the key line")
        try Snapshot.check(scene.surface(), named: "window-key-line")
        // A pushed screen adds Esc; the line follows the focus.
        scene.navigation.pushViewController(TextController("Chat 1", lines: ["hello"]), animated: false)
        #expect(scene.surface().textLines[11].contains("Esc back"))
        #expect(!scene.surface().textLines[11].contains("⏎ open"))
    }

    @Test("below the minimum the window shows one line instead of the layout, and recovers")
    func tooSmall() throws {
        let root = TextController("Chats", lines: ["a chat"])
        let scene = Scene(width: 80, height: 24, root: root)
        scene.window.minimumSize = Size(width: 40, height: 12)
        scene.resize(39, 20)
        let lines = scene.surface().textLines
        #expect(lines.filter { !$0.allSatisfy { $0 == " " } } == [lines[10]])
        #expect(lines[10].hasPrefix("Too small: 39×20, needs 40×12"))
        root.received.removeAll()
        scene.press(.character("x"))
        #expect(root.received.isEmpty, "no key reaches a screen that is not shown")
        scene.resize(40, 12)
        #expect(scene.text().contains("a chat"))
        scene.resize(10, 3)
        #expect(scene.surface().textLines[1] == "Too small…")
    }

    @Test("until the root is ready the window draws the launch screen and takes no input")
    func launchScreenUntilReady() {
        let root = TextController("Chats", lines: ["a chat"])
        let scene = Scene(width: 40, height: 12, root: root)
        scene.navigation.ready.set(false)
        #expect(!scene.text().contains("a chat"))
        #expect(scene.surface().textLines[6].split(separator: " ") == ["Telegram"])
        scene.press(.character("x"))
        #expect(root.received.isEmpty)
        scene.navigation.ready.set(true)
        #expect(scene.text().contains("a chat"))
    }

    @Test("a global overlay that hides what is beneath: nothing beneath is drawn")
    func opaqueGlobalOverlay() throws {
        let secret = TextController("Secret chat", lines: ["the launch codes"])
        let scene = Scene(width: 60, height: 14, root: secret)
        let lock = TextController("Locked", lines: ["enter passcode"])
        lock.hidesContentBeneath = true
        scene.navigation.presentGlobalOverlay(lock)
        let text = scene.text()
        #expect(!text.contains("Secret") && !text.contains("launch codes"))
        #expect(text.contains("enter passcode"))
        scene.navigation.dismissGlobalOverlay(lock)
        #expect(scene.text().contains("the launch codes"))
    }
}
