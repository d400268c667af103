import Display
import Testing

/// The navigation controller's behaviour, frame by frame, in memory.
@MainActor
@Suite("NavigationController")
struct NavigationControllerTests {
    @Test func pushShowsBackTitleAndEscPops() {
        let chats = TextController("Chats", lines: ["Saved Messages"])
        let scene = Scene(width: 80, height: 24, root: chats)
        let chat = TextController("Ada", lines: ["hello"])
        scene.navigation.pushViewController(chat, animated: false)
        #expect(scene.text().contains("‹ Chats"))
        #expect(chat.previousItem == .back(title: "Chats"))
        #expect(chats.previousItem == nil)
        scene.press(.escape)
        scene.settle()
        #expect(scene.navigation.viewControllers.count == 1)
        #expect(scene.text().contains("Saved Messages"))
        // Esc on the root does nothing.
        scene.press(.escape)
        #expect(scene.navigation.viewControllers.count == 1)
    }

    @Test func contentLoadsLazilyOnFirstDisplay() {
        let root = TextController("Root")
        let tab = TextController("Never shown")
        let scene = Scene(width: 80, height: 24, root: root)
        _ = scene.surface()
        #expect(root.loadCount == 1)
        #expect(tab.loadCount == 0 && !tab.isContentLoaded)
        _ = scene.surface()
        #expect(root.loadCount == 1)
    }

    @Test func pushAndPopAreAnimatedAndBlockInput() {
        let root = TextController("Root", lines: ["root"])
        let scene = Scene(width: 40, height: 12, root: root)
        let next = TextController("Next", lines: ["next"])
        scene.navigation.pushViewController(next)
        #expect(scene.window.wantsAnimationFrame)
        // Midway both are on screen; keys are absorbed, not queued.
        scene.window.advanceAnimationFrame()
        scene.window.advanceAnimationFrame()
        scene.window.advanceAnimationFrame()
        let midway = scene.text()
        #expect(midway.contains("root") && midway.contains("next"))
        scene.type("x")
        scene.press(.escape)
        #expect(next.received.isEmpty && root.received.isEmpty)
        #expect(scene.navigation.viewControllers.count == 2)
        #expect(scene.settle() == 3)
        scene.type("y")
        #expect(next.receivedKeys == ["y"])
        scene.press(.escape)
        #expect(scene.navigation.viewControllers.count == 1)
        #expect(scene.window.wantsAnimationFrame)
        #expect(scene.settle() == ContainedViewLayoutTransition.standard.frames)
        #expect(!scene.text().contains("next"))
    }

    @Test func reducedMotionMakesEveryChangeImmediate() {
        let scene = Scene(width: 40, height: 12, root: TextController("Root"))
        scene.navigation.reducedMotion = true
        scene.navigation.pushViewController(TextController("Next"))
        #expect(!scene.window.wantsAnimationFrame)
        scene.navigation.pushViewController(TextController("Sheet", presentation: .modal))
        #expect(!scene.window.wantsAnimationFrame)
        scene.press(.escape)
        #expect(!scene.window.wantsAnimationFrame)
        #expect(scene.navigation.viewControllers.count == 2)
    }

    @Test func readyGatedPushKeepsThePreviousTopAndAbsorbsInput() {
        let root = TextController("Chats", lines: ["chat list"])
        let scene = Scene(width: 40, height: 12, root: root)
        scene.navigation.reducedMotion = true
        let chat = TextController("Ada", lines: ["history"])
        chat.ready.set(false)
        scene.navigation.pushViewController(chat)
        #expect(chat.isContentLoaded, "the push loads the content so it can become ready")
        #expect(scene.navigation.viewControllers.count == 1)
        #expect(scene.text().contains("chat list"))
        #expect(scene.navigation.isInteractionDisabled)
        scene.type("ab")
        scene.press(.escape)
        #expect(root.received.isEmpty && chat.received.isEmpty)
        chat.ready.set(true)
        #expect(scene.navigation.viewControllers.count == 2)
        #expect(scene.text().contains("history"))
        #expect(!scene.navigation.isInteractionDisabled)
        scene.type("c")
        #expect(chat.receivedKeys == ["c"], "the keys pressed while waiting were dropped, not replayed")
    }

    @Test func aSecondPushReplacesOneStillWaiting() {
        let scene = Scene(width: 40, height: 12, root: TextController("Root"))
        scene.navigation.reducedMotion = true
        let slow = TextController("Slow")
        slow.ready.set(false)
        scene.navigation.pushViewController(slow)
        let fast = TextController("Fast")
        scene.navigation.pushViewController(fast)
        slow.ready.set(true)
        #expect(scene.navigation.viewControllers.map(\.title) == ["Root", "Fast"])
    }

    @Test func stackIsObservable() {
        let scene = Scene(width: 40, height: 12, root: TextController("Root"))
        var seen: [[String]] = []
        let subscription = scene.navigation.viewControllersSignal.subscribe { seen.append($0.map(\.title)) }
        scene.navigation.pushViewController(TextController("A"), animated: false)
        scene.navigation.pushViewController(TextController("B", presentation: .modal), animated: false)
        scene.navigation.popViewController(animated: false)
        subscription.dispose()
        scene.navigation.popViewController(animated: false)
        #expect(seen == [["Root"], ["Root", "A"], ["Root", "A", "B"], ["Root", "A"]])
    }

    @Test func modalShowsCloseAndEscDismissesIt() {
        let root = TextController("Chats")
        let scene = Scene(width: 80, height: 24, root: root)
        scene.navigation.reducedMotion = true
        let sheet = TextController("New Group", presentation: .modal)
        scene.navigation.pushViewController(sheet)
        #expect(sheet.previousItem == .close)
        let inSheet = TextController("Members")
        scene.navigation.pushViewController(inSheet)
        #expect(inSheet.previousItem == .back(title: "New Group"))
        scene.type("k")
        #expect(inSheet.receivedKeys == ["k"] && root.received.isEmpty, "the modal's top gets the keys")
        scene.press(.escape)
        scene.press(.escape)
        #expect(scene.navigation.viewControllers.map(\.title) == ["Chats"])
    }

    @Test func unhandledKeysInAModalDoNotReachTheRoot() {
        let root = TextController("Chats")
        root.handledCharacters = ["z"]
        let scene = Scene(width: 80, height: 24, root: root)
        scene.navigation.reducedMotion = true
        scene.navigation.pushViewController(TextController("Sheet", presentation: .modal))
        scene.type("z")
        #expect(root.received.isEmpty)
    }

    @Test func sheetRiseSetsTheCoveredControllersFactor() {
        let root = TextController("Chats", lines: ["row"])
        let scene = Scene(width: 80, height: 24, root: root)
        scene.navigation.pushViewController(TextController("Sheet", presentation: .modal))
        scene.settle()
        let rise = root.factors
        #expect(rise.first! > 0 && rise.first! < 1)
        #expect(rise == rise.sorted() && rise.last == 1)
        #expect(root.modalStyleOverlayTransitionFactor == 1)
        // Dimmed underneath (the row of the root's content).
        let surface = scene.surface()
        #expect(surface[1, 0].style.attributes.contains(.dim))
        root.factors = []
        scene.press(.escape)
        scene.settle()
        #expect(root.factors == root.factors.sorted(by: >) && root.factors.last == 0)
        #expect(!scene.surface()[1, 0].style.attributes.contains(.dim))
    }

    @Test func nonBlockingOverlayLetsKeysThroughAndBlockingOneDoesNot() {
        let root = TextController("Chats")
        let scene = Scene(width: 80, height: 24, root: root)
        let toast = ToastController("Copied")
        scene.navigation.presentOverlay(toast)
        scene.type("a")
        #expect(root.receivedKeys == ["a"])
        #expect(scene.text().contains("Copied"))
        let alert = ToastController("Delete?")
        scene.navigation.presentOverlay(alert, blocksInteraction: true)
        scene.type("b")
        #expect(root.receivedKeys == ["a"])
        scene.navigation.dismissOverlay(alert)
        scene.type("c")
        #expect(root.receivedKeys == ["a", "c"])
    }

    @Test func overlayWaitingForReadyIsHiddenAndMayHoldInput() {
        let root = TextController("Chats")
        let scene = Scene(width: 80, height: 24, root: root)
        let overlay = ToastController("Loading done")
        overlay.ready.set(false)
        overlay.blocksInteractionUntilReady = true
        scene.navigation.presentOverlay(overlay)
        #expect(!scene.text().contains("Loading done"))
        scene.type("a")
        #expect(root.received.isEmpty)
        overlay.ready.set(true)
        #expect(scene.text().contains("Loading done"))
        scene.type("b")
        #expect(root.receivedKeys == ["b"])
    }

    @Test func globalOverlayGetsInputFirstEvenAboveAModalAndDuringATransition() {
        let root = TextController("Chats")
        let scene = Scene(width: 80, height: 24, root: root)
        let sheet = TextController("Sheet", presentation: .modal)
        scene.navigation.pushViewController(sheet)
        let lock = TextController("Locked", lines: ["Enter passcode"])
        lock.handledCharacters = ["1"]
        scene.navigation.presentGlobalOverlay(lock)
        #expect(scene.window.wantsAnimationFrame, "the sheet is still rising")
        scene.type("1x")
        scene.press(.escape)
        #expect(lock.receivedKeys == ["1", "x"])
        #expect(sheet.received.isEmpty && root.received.isEmpty)
        scene.settle()
        #expect(scene.navigation.viewControllers.count == 2, "Esc went to the lock screen, not the sheet")
        #expect(scene.text().contains("Enter passcode"))
        scene.navigation.dismissGlobalOverlay(lock)
        scene.press(.escape)
        scene.settle()
        #expect(scene.navigation.viewControllers.count == 1)
    }

    @Test func minimizedControllerCanBeMaximizedOrDismissed() {
        let root = TextController("Chats")
        let scene = Scene(width: 80, height: 24, root: root)
        scene.navigation.reducedMotion = true
        let call = TextController("Call with Ada", lines: ["00:12"], presentation: .modal)
        scene.navigation.pushViewController(call)
        scene.navigation.minimize(call)
        #expect(scene.navigation.viewControllers.count == 1)
        #expect(scene.navigation.minimizedController === call)
        #expect(scene.text().contains("Call with Ada"))
        scene.type("a")
        #expect(root.receivedKeys == ["a"], "the box takes no keys but its own")
        scene.press(.function(7))
        #expect(scene.navigation.viewControllers.last === call)
        #expect(call.previousItem == .close, "back in a modal of its own")
        scene.navigation.minimize(call)
        scene.press(.function(8))
        #expect(scene.navigation.minimizedController == nil)
        #expect(!scene.text().contains("Call with Ada"))
    }

    @Test func splitPutsMasterLeftDetailRightAndMovesFocus() {
        let list = TextController("Chats", lines: ["list"], presentation: .master)
        let scene = Scene(width: 160, height: 48, mode: .automaticMasterDetail, root: list)
        scene.navigation.reducedMotion = true
        let chat = TextController("Ada", lines: ["history"])
        scene.navigation.pushViewController(chat)
        let lines = scene.surface().textLines
        let master = NavigationSplitLayout.masterWidth(forWidth: 160)
        #expect(master == 53)
        #expect(lines[2].prefix(master).contains("list"))
        #expect(lines[2].dropFirst(master + 1).contains("history"))
        #expect(Array(lines[5])[master] == "│")
        #expect(chat.previousItem == nil, "the detail column's first controller has no back item")
        scene.type("a")
        #expect(chat.receivedKeys == ["a"], "a new detail takes the focus")
        scene.press(.function(6))
        scene.type("b")
        #expect(list.receivedKeys == ["b"])
        // A click in the detail column moves the focus there.
        scene.window.handle(.mouse(MouseEvent(.press(.left), at: Point(column: 100, row: 10))))
        scene.type("c")
        #expect(chat.receivedKeys == ["a", "c"])
    }

    @Test func aScreenAloneInTheSplitHasTheFocusFromTheStartAndKeepsIt() {
        // A login: not a master screen, so it sits alone in the detail column of a wide split.
        let login = TextController("Login", lines: ["Your phone number"])
        let scene = Scene(width: 160, height: 48, mode: .automaticMasterDetail, root: login)
        scene.navigation.reducedMotion = true
        scene.type("5")
        #expect(login.receivedKeys == ["5"], "the only screen shown gets the keys")
        scene.press(.function(6))
        scene.window.handle(.mouse(MouseEvent(.press(.left), at: Point(column: 5, row: 10))))
        scene.type("6")
        #expect(login.receivedKeys == ["5", "6"], "neither F6 nor a click moves the focus to the empty column")
        scene.resize(80, 24)
        scene.resize(160, 48)
        scene.type("7")
        #expect(login.receivedKeys == ["5", "6", "7"], "nor does a collapse and an expand")
    }

    @Test func collapseAndExpandKeepTheStackAndTheControllers() {
        let list = TextController("Chats", presentation: .master)
        let scene = Scene(width: 160, height: 48, mode: .automaticMasterDetail, root: list)
        scene.navigation.reducedMotion = true
        let chat = TextController("Ada")
        let info = TextController("Info")
        scene.navigation.pushViewController(chat)
        scene.navigation.pushViewController(info)
        scene.resize(80, 24)
        #expect(info.previousItem == .back(title: "Ada"))
        #expect(chat.previousItem == .back(title: "Chats"))
        #expect(scene.text().contains("‹ Ada"))
        scene.press(.escape)
        #expect(scene.navigation.viewControllers.map(\.title) == ["Chats", "Ada"])
        scene.resize(160, 48)
        #expect(chat.previousItem == nil)
        #expect(scene.navigation.viewControllers[1] === chat)
        #expect(chat.loadCount == 1 && list.loadCount == 1, "the same controllers, not new ones")
        scene.type("q")
        #expect(chat.receivedKeys == ["q"], "the focus stayed on the detail column")
    }

    @Test func containersStripTheInputHeightFromControllersWithoutText() {
        let list = TextController("Chats")
        let scene = Scene(width: 80, height: 24, root: list)
        scene.window.inputHeight = 3
        let chat = TextController("Ada")
        chat.takesTextInput = true
        scene.navigation.pushViewController(chat, animated: false)
        #expect(chat.validLayout?.inputHeight == 3)
        scene.navigation.popViewController(animated: false)
        _ = scene.surface()
        #expect(list.validLayout?.inputHeight == nil)
    }

    @Test func dispatchHookSeesEveryEventFirst() {
        let root = TextController("Root")
        let scene = Scene(width: 40, height: 12, root: root)
        var seen: [InputEvent] = []
        scene.window.dispatchHook = { event in
            seen.append(event)
            return event == .key(.character("s"))
        }
        scene.type("as")
        scene.resize(50, 12)
        #expect(seen.count == 3)
        #expect(root.receivedKeys == ["a"], "the hook consumed s")
        #expect(scene.window.size == Size(width: 50, height: 12))
    }

    @Test func clickOnTheBackItemPops() {
        let scene = Scene(width: 80, height: 24, root: TextController("Chats"))
        scene.navigation.reducedMotion = true
        scene.navigation.pushViewController(TextController("Ada"))
        scene.window.handle(.mouse(MouseEvent(.press(.left), at: Point(column: 2, row: 0))))
        #expect(scene.navigation.viewControllers.count == 1)
    }

    @Test func barItemKeysPressTheirItems() {
        var pressed = 0
        let root = TextController("Chats")
        root.rightBarItems = [BarButtonItem(title: "New", key: KeyEvent(.character("n"), modifiers: .control)) { pressed += 1 }]
        let scene = Scene(width: 80, height: 24, root: root)
        #expect(scene.surface().textLines[0].hasSuffix("^N New"))
        scene.press(.character("n"), .control)
        #expect(pressed == 1)
    }
}

/// Every layer at every size from nothing to wide: no crash, no cell outside the surface, and the
/// frame is always the window's size. Tiny terminals happen (a split pane, a resize in progress).
@MainActor
@Suite("Navigation at every size")
struct NavigationSizeSweepTests {
    /// A controller that never was on screen goes straight into the box (a call begun elsewhere);
    /// F8 asks it first: it may keep the box (ending failed) or let it close; F7 pushes it with
    /// the presentation it came with; an overridden previous action (Close) is what it says.
    @Test func presentMinimizedAndMinimizableController() {
        let root = TextController("Chats")
        let scene = Scene(width: 80, height: 24, root: root)
        scene.navigation.reducedMotion = true
        let call = MinimizableTextController("Call with Ada", closeTitle: "end call")
        call.subtitle = "30 fps"
        scene.navigation.presentMinimized(call)
        #expect(scene.navigation.viewControllers.count == 1, "not pushed")
        #expect(scene.navigation.minimizedController === call)
        var text = scene.text()
        #expect(text.contains("30 fps") && text.contains("F8 end call"), "\(text)")
        call.subtitle = "31 fps"
        #expect(scene.text().contains("31 fps"), "the subtitle is read every frame")
        call.closesOnRequest = false
        scene.press(.function(8))
        #expect(call.closeRequests == 1 && scene.navigation.minimizedController === call, "kept: the controller said no")
        scene.press(.function(7))
        #expect(scene.navigation.viewControllers.last === call && call.previousItem == .close)
        scene.navigation.minimize(call)
        call.closesOnRequest = true
        scene.press(.function(8))
        #expect(call.closeRequests == 2 && scene.navigation.minimizedController == nil)
        text = scene.text()
        #expect(!text.contains("Call with Ada"))
        // Presenting the one in the stack minimizes it; a second box replaces the first.
        scene.navigation.pushViewController(call)
        scene.navigation.presentMinimized(call)
        #expect(scene.navigation.viewControllers.count == 1 && scene.navigation.minimizedController === call)
        let other = TextController("Mini app")
        scene.navigation.presentMinimized(other)
        #expect(scene.navigation.minimizedController === other)
        #expect(scene.text().contains("F8 close"), "a plain controller's F8 closes")
    }

    @Test func everyLayerAtEverySize() {
        let list = ListController(title: "Chats 中文", items: (1 ... 50).map { ListItem(title: "Chat \($0) 👩‍👩‍👧", detail: "12:00", badge: "9") })
        list.navigationPresentation = .master
        let tabs = TabBarController(controllers: [list, TextController("Contacts")])
        tabs.navigationPresentation = .master
        let scene = Scene(width: 1, height: 1, mode: .automaticMasterDetail, root: tabs, statusText: "Connecting…")
        scene.navigation.reducedMotion = true
        scene.window.inputHeight = 3
        let chat = TextController("Ada", lines: ["hello"])
        chat.takesTextInput = true
        chat.toolbar = Toolbar(items: [BarButtonItem(title: "Send", key: KeyEvent(.enter)) {}])
        scene.navigation.pushViewController(chat)
        let call = TextController("Call", presentation: .modal)
        scene.navigation.pushViewController(call)
        scene.navigation.minimize(call)
        scene.navigation.pushViewController(TextController("Sheet", presentation: .modal))
        scene.navigation.pushViewController(TextController("Flat", presentation: .flatModal))
        scene.navigation.popViewController(animated: false)
        scene.navigation.presentOverlay(ToastController("Copied"))
        scene.navigation.presentGlobalOverlay(BannerController("Banner"), blocksInteraction: false)
        for width in [0, 1, 2, 3, 5, 8, 13, 21, 40, 79, 80, 119, 120, 121, 160, 200] {
            for height in [0, 1, 2, 3, 4, 5, 8, 23, 24, 31, 32, 48, 60] {
                scene.resize(width, height)
                let surface = scene.surface()
                #expect(surface.width == width && surface.height == height)
                scene.press(.down)
                scene.window.handle(.mouse(MouseEvent(.press(.left), at: Point(column: width / 2, row: height / 2))))
            }
        }
    }
}
