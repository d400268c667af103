/// The split root (Telegram's `NavigationSplitContainer`): `.master` controllers in a left column
/// `NavigationSplitLayout.masterWidth` wide, the rest in the right, a separator between. One column
/// has the keyboard focus; its top controller gets keys, and its bar is drawn at full strength.
@MainActor
final class NavigationSplitContainer {
    enum Column: Hashable, Sendable { case master, detail }

    let master = NavigationContainer(isClosable: false)
    let detail = NavigationContainer(isClosable: false)
    /// Never an empty column while the other shows a screen, however it is set (a launch, an
    /// expand, F6, a click): whatever single screen is shown — a login alone in the detail
    /// column — gets the keys.
    var focusedColumn: Column = .master {
        didSet { keepFocusOnAScreen() }
    }

    var isAnimating: Bool { master.isAnimating || detail.isAnimating }

    func advanceAnimationFrame() {
        master.advanceAnimationFrame()
        detail.advanceAnimationFrame()
    }

    func setControllers(master masterControllers: [ViewController], detail detailControllers: [ViewController],
                        transition: ContainedViewLayoutTransition) {
        // A detail not shown before (pushed, or one chat replacing another) takes the focus: what
        // was just opened is what the next key is for. An empty detail column cannot hold it.
        let newDetail = detailControllers.last.map { top in !detail.controllers.contains { $0 === top } } ?? false
        master.setControllers(masterControllers, transition: transition)
        detail.setControllers(detailControllers, transition: transition)
        if newDetail { focusedColumn = .detail }
        keepFocusOnAScreen()
    }

    private func keepFocusOnAScreen() {
        switch focusedColumn {
        case .master where master.controllers.isEmpty && !detail.controllers.isEmpty: focusedColumn = .detail
        case .detail where detail.controllers.isEmpty: focusedColumn = .master
        default: break
        }
    }

    /// The columns' frames in a split `size` wide: master, separator, detail.
    static func frames(for size: Size) -> (master: Rect, separator: Rect, detail: Rect) {
        let masterWidth = NavigationSplitLayout.masterWidth(forWidth: size.width)
        let master = Rect(column: 0, row: 0, width: masterWidth, height: size.height)
        let separator = Rect(column: masterWidth, row: 0, width: 1, height: size.height)
        let detail = Rect(column: masterWidth + 1, row: 0, width: max(size.width - masterWidth - 1, 0), height: size.height)
        return (master, separator, detail)
    }

    /// A column's layout: its own size (so its metrics follow its width: both columns of a
    /// 160-column split are compact, like the iPad's master and a phone-width detail).
    static func columnLayout(_ layout: ContainerViewLayout, frame: Rect) -> ContainerViewLayout {
        var column = layout
        column.size = frame.size
        column.metrics = LayoutMetrics(size: Size(width: frame.width, height: layout.size.height))
        column.metrics.heightClass = layout.metrics.heightClass
        return column
    }

    func layout(_ layout: ContainerViewLayout, transition: ContainedViewLayoutTransition) {
        let frames = Self.frames(for: layout.size)
        master.layout(Self.columnLayout(layout, frame: frames.master), transition: transition)
        detail.layout(Self.columnLayout(layout, frame: frames.detail), transition: transition)
    }

    func render(in canvas: inout Canvas, context: PresentationContext, layout: ContainerViewLayout) {
        let frames = Self.frames(for: canvas.size)
        canvas.draw(in: frames.master) {
            master.render(in: &$0, context: context, layout: Self.columnLayout(layout, frame: frames.master))
        }
        canvas.fill(frames.separator, with: "│", style: context.theme.separator)
        canvas.draw(in: frames.detail) {
            detail.render(in: &$0, context: context, layout: Self.columnLayout(layout, frame: frames.detail))
        }
        // The column without the focus has its bar dimmed: where the keys go is always visible.
        let unfocused = focusedColumn == .master ? frames.detail : frames.master
        let barTop = layout.insets.top
        canvas.restyle(Rect(column: unfocused.column, row: barTop, width: unfocused.width, height: NavigationBar.height)) {
            $0.attributes.insert(.dim)
        }
    }
}
