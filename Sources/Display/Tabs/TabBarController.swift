/// Tabs (Telegram's `TabBarController`, implemented in `TabBarUI`): one child controller shown at
/// a time, a bar of items at the bottom with titles and badges. Number keys 1–9 pick a tab, Tab
/// and Shift-Tab step through them, a click on an item picks it; the child gets each key first,
/// so a screen that types digits keeps them. Items are the children's `tabBarItem`s and the list
/// can change live (the Calls tab follows a setting).
///
/// The navigation bar is the current child's: the tab controller mirrors its title (so a screen
/// pushed above shows `‹ Chats`), and the child draws its own bar with its own items.
@MainActor
open class TabBarController: ViewController {
    public private(set) var controllers: [ViewController] = []
    public private(set) var selectedIndex = 0
    public var isTabBarHidden = false

    public init(controllers: [ViewController] = [], selectedIndex: Int = 0) {
        super.init()
        displaysNavigationBar = false
        setControllers(controllers, selectedIndex: selectedIndex)
    }

    public var currentController: ViewController? {
        controllers.indices.contains(selectedIndex) ? controllers[selectedIndex] : nil
    }

    override open var title: String {
        get { currentController?.title ?? super.title }
        set { super.title = newValue }
    }

    /// Replaces the tabs. The selection stays on the same controller if it is still there, else
    /// goes to `selectedIndex` (or the nearest valid index).
    public func setControllers(_ newControllers: [ViewController], selectedIndex newIndex: Int?) {
        let current = currentController
        controllers = newControllers
        if let newIndex {
            selectedIndex = newIndex
        } else if let current, let index = newControllers.firstIndex(where: { $0 === current }) {
            selectedIndex = index
        }
        selectedIndex = min(max(selectedIndex, 0), max(newControllers.count - 1, 0))
        relayoutCurrent()
    }

    public func select(_ index: Int) {
        guard controllers.indices.contains(index), index != selectedIndex else { return }
        selectedIndex = index
        relayoutCurrent()
    }

    /// The tab bar's rows, when shown.
    public var tabBarHeight: Int { isTabBarHidden || controllers.isEmpty ? 0 : TabBar.height }

    override open func containerLayoutUpdated(_ layout: ContainerViewLayout, transition: ContainedViewLayoutTransition) {
        super.containerLayoutUpdated(layout, transition: transition)
        relayoutCurrent(transition: transition)
    }

    /// The child's layout: the tab controller's, with the tab bar as an additional bottom inset.
    func childLayout(_ layout: ContainerViewLayout) -> ContainerViewLayout {
        var child = layout
        child.additionalInsets.bottom += tabBarHeight
        return child
    }

    private func relayoutCurrent(transition: ContainedViewLayoutTransition = .immediate) {
        guard let layout = validLayout, let current = currentController else { return }
        current.navigationController = navigationController
        current.containerLayoutUpdated(childLayout(current.takesTextInput ? layout : layout.withoutInputHeight()),
                                       transition: transition)
    }

    override open func render(in canvas: inout Canvas, context: PresentationContext) {
        loadContentIfNeeded()
        guard let current = currentController else {
            canvas.clear(style: context.theme.emptyArea)
            return
        }
        if current.validLayout == nil, validLayout != nil { relayoutCurrent() }
        current.previousItem = previousItem
        current.updateModalStyleOverlayTransitionFactor(modalStyleOverlayTransitionFactor, transition: .immediate)
        current.render(in: &canvas, context: context)
        if tabBarHeight > 0, let layout = validLayout {
            let bottom = layout.size.height - layout.insets.bottom
            let rect = Rect(column: 0, row: bottom - TabBar.height, width: canvas.size.width, height: TabBar.height)
            canvas.draw(in: rect) { TabBar.draw(items: tabItems, selectedIndex: selectedIndex, in: &$0, context: context) }
        }
    }

    var tabItems: [TabBarItem] {
        controllers.map { $0.tabBarItem ?? TabBarItem(title: $0.title) }
    }

    override open func handle(_ event: InputEvent) -> Bool {
        if let current = currentController, current.handle(event) { return true }
        switch event {
        case .key(let key):
            if let character = key.plainCharacter, let digit = character.wholeNumberValue, (1 ... 9).contains(digit),
               digit <= controllers.count {
                select(digit - 1)
                return true
            }
            guard !controllers.isEmpty else { return false }
            switch keyBindings.action(for: key, in: .global) {
            case .global(.nextTab)?:
                select((selectedIndex + 1) % controllers.count)
                return true
            case .global(.previousTab)?:
                select((selectedIndex + controllers.count - 1) % controllers.count)
                return true
            default:
                return false
            }
        case .mouse(let mouse):
            guard case .press(.left) = mouse.kind, tabBarHeight > 0, let layout = validLayout else { return false }
            let bottom = layout.size.height - layout.insets.bottom
            guard mouse.position.row == bottom - 1 else { return false }
            if let index = TabBar.itemIndex(atColumn: mouse.position.column, items: tabItems, width: layout.size.width) {
                select(index)
                return true
            }
            return false
        case .paste, .resize:
            return false
        }
    }

    override open var keyHints: [KeyHintItem] {
        var hints = currentController?.keyHints ?? []
        if controllers.count > 1 { hints.append(KeyHintItem("1-\(min(controllers.count, 9))", "tabs")) }
        return hints
    }

    override open var wantsAnimationFrame: Bool { currentController?.wantsAnimationFrame ?? false }
    override open func advanceAnimationFrame() { currentController?.advanceAnimationFrame() }
}
