/// The top of the tree (Telegram's `WindowHost` with seed 000's `Application.sendEvent`): holds
/// the root controller, makes the `ContainerViewLayout` from the terminal's size, draws the status
/// line, and passes every input event through one dispatch hook before any controller sees it —
/// where the app counts user activity for auto-lock. It is what a backend's run loop drives:
/// `layout(size:)`, `handle(_:)`, `render(into:)`, and animation frames.
@MainActor
public final class Window {
    public var rootController: ViewController {
        didSet { relayout() }
    }
    public var context: PresentationContext
    /// The status line's text (connection state, a call in progress); nil for no status line.
    public var statusText: String? {
        didSet { if (oldValue == nil) != (statusText == nil) { relayout() } }
    }
    /// Rows the composer takes at the bottom (the keyboard's counterpart), passed down as input height.
    public var inputHeight: Int? {
        didSet { if oldValue != inputHeight { relayout() } }
    }
    /// Sees every event first; returning true consumes it. The app's user-activity tap.
    public var dispatchHook: ((InputEvent) -> Bool)?
    public var shouldQuit = false
    public private(set) var size = Size(width: 80, height: 24)

    public init(rootController: ViewController, context: PresentationContext) {
        self.rootController = rootController
        self.context = context
        relayout()
    }

    /// The layout handed to the root controller.
    public var layout: ContainerViewLayout {
        ContainerViewLayout(size: size, statusBarHeight: statusText == nil ? nil : 1, inputHeight: inputHeight)
    }

    /// A new terminal size: the whole tree is laid out again, drawn at the next frame.
    public func layout(size: Size) {
        let newSize = Size(width: max(size.width, 0), height: max(size.height, 0))
        // The backend lays out and then delivers the `.resize` event too: once is enough.
        guard newSize != self.size || !isLaidOut else { return }
        self.size = newSize
        isLaidOut = true
        relayout()
    }

    /// Whether `layout(size:)` has run: the first call lays out even at the default size.
    private var isLaidOut = false

    private func relayout() {
        rootController.containerLayoutUpdated(layout, transition: .immediate)
    }

    /// One event: the dispatch hook, then a resize re-lays out, everything else goes to the root.
    public func handle(_ event: InputEvent) {
        if let dispatchHook, dispatchHook(event) { return }
        if case .resize(let newSize) = event {
            layout(size: newSize)
            return
        }
        _ = rootController.handle(event)
    }

    /// Draws the whole frame into `surface` (resized to the window if needed).
    public func render(into surface: inout Surface) {
        if surface.size != size { surface = Surface(width: size.width, height: size.height) }
        surface.clear(style: context.theme.content)
        let context = self.context
        surface.draw(in: surface.bounds) { canvas in rootController.render(in: &canvas, context: context) }
        if let statusText, size.height > 0 {
            surface.fill(Rect(column: 0, row: 0, width: size.width, height: 1), style: context.theme.barBackground)
            surface.put(statusText, column: 1, row: 0, style: context.theme.barSubtitle, maxWidth: max(size.width - 2, 0))
        }
    }

    public var wantsAnimationFrame: Bool { rootController.wantsAnimationFrame }
    public func advanceAnimationFrame() { rootController.advanceAnimationFrame() }
}
