/// The top of the tree (Telegram's `WindowHost` with its `Application.sendEvent`): holds
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
    /// A bottom line listing the keys that work on the focused screen (`↑↓ move  ⏎ open  ? help`).
    public var showsKeyLine = false {
        didSet { if oldValue != showsKeyLine { relayout() } }
    }
    /// Keys that work everywhere, listed after the screen's own.
    public var globalKeyHints: [KeyHintItem] = []
    /// The launch screen's one word, shown until the root is ready (Telegram's launch screen).
    public var launchTitle = "Telegram"
    /// Below this the interface is not drawn: the window shows a one-line notice instead of a
    /// broken layout, and everything comes back when the terminal grows. None by default (the
    /// demo and tests draw at any size); main's interface asks for 40×12.
    public var minimumSize = Size(width: 0, height: 0)

    public init(rootController: ViewController, context: PresentationContext) {
        self.rootController = rootController
        self.context = context
        relayout()
    }

    /// The layout handed to the root controller: the window less the key line.
    public var layout: ContainerViewLayout {
        ContainerViewLayout(size: Size(width: size.width, height: max(size.height - keyLineHeight, 0)),
                            statusBarHeight: statusText == nil ? nil : 1, inputHeight: inputHeight)
    }

    public var isTooSmall: Bool { size.width < minimumSize.width || size.height < minimumSize.height }

    private var keyLineHeight: Int { showsKeyLine && !isTooSmall ? 1 : 0 }

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
        // Nothing is shown to act on while the notice or the launch screen is up.
        if isTooSmall || !rootController.ready.value { return }
        if case .mouse(let mouse) = event, mouse.position.row >= layout.size.height { return }
        _ = rootController.handle(event)
    }

    /// Draws the whole frame into `surface` (resized to the window if needed). Until the root
    /// controller is ready (its first screen's data in: the readiness gate), the frame is
    /// the launch screen, so nothing shows half-loaded.
    public func render(into surface: inout Surface) {
        if surface.size != size { surface = Surface(width: size.width, height: size.height) }
        surface.clear(style: context.theme.content)
        let context = self.context
        if isTooSmall {
            let notice = "Too small: \(size.width)×\(size.height), needs \(minimumSize.width)×\(minimumSize.height)"
            surface.put(notice, column: 0, row: max(size.height / 2, 0), style: context.theme.secondaryText, maxWidth: size.width)
            return
        }
        guard rootController.ready.value else {
            let title = launchTitle
            surface.put(title, column: max((size.width - TextWidth.of(title)) / 2, 0), row: size.height / 2,
                        style: context.theme.accent, maxWidth: size.width)
            return
        }
        let rootRect = Rect(origin: .zero, size: layout.size)
        surface.draw(in: rootRect) { canvas in rootController.render(in: &canvas, context: context) }
        if keyLineHeight > 0 { drawKeyLine(into: &surface) }
        if let statusText, size.height > 0 {
            surface.fill(Rect(column: 0, row: 0, width: size.width, height: 1), style: context.theme.barBackground)
            surface.put(statusText, column: 1, row: 0, style: context.theme.barSubtitle, maxWidth: max(size.width - 2, 0))
        }
    }

    /// The key line: the focused screen's keys, then the global ones, as far as they fit.
    private func drawKeyLine(into surface: inout Surface) {
        let theme = context.theme
        let row = size.height - 1
        surface.fill(Rect(column: 0, row: row, width: size.width, height: 1), style: theme.barBackground)
        var column = 1
        for hint in rootController.keyHints + globalKeyHints {
            let need = TextWidth.of(hint.key) + 1 + TextWidth.of(hint.label)
            guard column + need < size.width else { break }
            column = surface.put(hint.key, column: column, row: row, style: theme.barTitle)
            column = surface.put(" " + hint.label, column: column, row: row, style: theme.barSubtitle) + 2
        }
    }

    public var wantsAnimationFrame: Bool { rootController.wantsAnimationFrame }
    public func advanceAnimationFrame() { rootController.advanceAnimationFrame() }
}
