/// The base of every screen (Telegram's `ViewController`): a title and navigation bar, an
/// optional toolbar, content loaded on first display, a `ready` signal, and how it asks to be
/// presented. Subclasses override `loadContent`, `drawContent` and `handle`.
///
/// Content is loaded lazily, as Telegram's `loadDisplayNode`: a controller made but never shown
/// (a tab never opened, a pushed screen still waiting) costs nothing but the object. What Telegram
/// does with device orientation (`supportedOrientations`, `lockedOrientation`) has no terminal
/// counterpart — a terminal is resized, never rotated — so it is not here; a resize is a layout
/// change like any other.
@MainActor
open class ViewController {
    open var title: String
    open var subtitle: String?
    public var navigationPresentation: NavigationPresentation = .default
    /// False for controllers that draw their own top (a navigation controller, a lock screen).
    public var displaysNavigationBar = true
    /// The bar's right-hand items, drawn right to left with their key hints.
    public var rightBarItems: [BarButtonItem] = []
    public var toolbar: Toolbar?
    /// Set by the container each frame: back to the controller below, Close for a modal's first.
    public internal(set) var previousItem: NavigationPreviousAction?
    public var tabBarItem: TabBarItem?
    /// Whether the controller takes text (a chat's composer): the others are laid out without the
    /// input height, so a composer elsewhere does not squeeze them.
    public var takesTextInput = false
    /// Whether a letter typed now is text for this controller (a composer, a field), so the
    /// app's single-letter keys (`?`, `q`) must not act: by default, while it takes text.
    open var typesLetters: Bool { takesTextInput }
    /// For overlays: hold all input until `ready` (an overlay that must be read first).
    public var blocksInteractionUntilReady = false
    /// For global overlays (a passcode screen): while it is shown, nothing beneath it is drawn at
    /// all — not drawn and covered, not drawn — so a locked app's content never reaches the screen.
    public var hidesContentBeneath = false

    /// True once the controller's content exists (`loadContent` has run).
    public private(set) var isContentLoaded = false
    /// Whether the content can be shown. A controller whose first screen depends on data (a chat's
    /// first page of history) sets it false in its initializer and true when the data is in; a
    /// push waits for it, keeping the previous screen up and absorbing input meanwhile.
    public let ready = ValuePromise(true, ignoreRepeated: true)

    /// How far a sheet covers this controller: 0 uncovered … 1 covered, animated as the sheet
    /// rises and falls. The default drawing dims the content while it is above 0.
    public private(set) var modalStyleOverlayTransitionFactor = 0.0
    public var modalStyleOverlayTransitionFactorUpdated: ((Double) -> Void)?

    /// The navigation controller this controller is in, set when it is placed.
    public internal(set) weak var navigationController: NavigationController?
    /// The person's keys: set on one controller for itself (a test), else its navigation
    /// controller's (the app sets them there once), else the defaults.
    public var keyBindings: KeyBindings {
        get { ownKeyBindings ?? navigationController?.keyBindings ?? .defaults }
        set { ownKeyBindings = newValue }
    }
    private var ownKeyBindings: KeyBindings?
    /// The last layout the container gave it.
    public private(set) var validLayout: ContainerViewLayout?
    /// The strings of the last frame drawn: a click is measured against what was on screen.
    private var drawnStrings = NavigationBarStrings.english

    public init(title: String = "") {
        self.title = title
    }

    // MARK: Content

    /// Builds the content. Runs once, on first display. Subclasses override it (and call super
    /// where they subclass a controller that has content of its own).
    open func loadContent() {}

    public func loadContentIfNeeded() {
        guard !isContentLoaded else { return }
        isContentLoaded = true
        loadContent()
    }

    // MARK: Layout

    /// The container's layout reaches the controller here; subclasses that keep a scroll position
    /// or a page size override it and call super.
    open func containerLayoutUpdated(_ layout: ContainerViewLayout, transition: ContainedViewLayoutTransition) {
        validLayout = layout
    }

    /// Where the bar, content and toolbar go for `layout`.
    open func controllerLayout(_ layout: ContainerViewLayout) -> ControllerLayout {
        let insets = layout.insets
        let width = max(layout.size.width - insets.left - insets.right, 0)
        var top = insets.top
        var bottom = layout.size.height - insets.bottom
        var bar: Rect?
        if displaysNavigationBar {
            let height = min(NavigationBar.height, max(bottom - top, 0))
            bar = Rect(column: insets.left, row: top, width: width, height: height)
            top += height
        }
        var toolbarRect: Rect?
        if toolbar != nil, bottom - top >= Toolbar.height {
            bottom -= Toolbar.height
            toolbarRect = Rect(column: insets.left, row: bottom, width: width, height: Toolbar.height)
        }
        return ControllerLayout(navigationBar: bar,
                                content: Rect(column: insets.left, row: top, width: width, height: max(bottom - top, 0)),
                                toolbar: toolbarRect)
    }

    // MARK: Drawing

    /// Draws the whole controller into `canvas` (its frame): background, bar, content, toolbar,
    /// then the dimming a covering sheet asks for. Containers call this; subclasses draw their
    /// content in `drawContent`.
    open func render(in canvas: inout Canvas, context: PresentationContext) {
        loadContentIfNeeded()
        drawnStrings = context.strings
        let layout = validLayout ?? ContainerViewLayout(size: canvas.size)
        let parts = controllerLayout(layout)
        canvas.clear(style: context.theme.content)
        if let bar = parts.navigationBar {
            canvas.draw(in: bar) { barCanvas in
                NavigationBar.draw(in: &barCanvas, title: title, subtitle: subtitle, previous: previousItem,
                                   rightItems: rightBarItems, context: context)
            }
        }
        canvas.draw(in: parts.content) { content in drawContent(in: &content, context: context) }
        if let rect = parts.toolbar, let toolbar {
            canvas.draw(in: rect) { bar in ToolbarView.draw(toolbar, in: &bar, context: context) }
        }
        if modalStyleOverlayTransitionFactor > 0 {
            canvas.draw(in: parts.content) { $0.dim() }
        }
    }

    /// The content, in a canvas the size of `controllerLayout(_:).content`.
    open func drawContent(in canvas: inout Canvas, context: PresentationContext) {}

    // MARK: Input

    /// An event for this controller; true if it was used. Mouse positions are in the controller's
    /// coordinates. The default presses a bar or toolbar item whose key this is, and handles a
    /// click on the back or Close item.
    open func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key):
            let items = rightBarItems + (toolbar?.items ?? [])
            if let item = items.first(where: { $0.isEnabled && $0.key == key }) {
                item.action()
                return true
            }
            return false
        case .mouse(let mouse):
            guard case .press(.left) = mouse.kind, let layout = validLayout,
                  let bar = controllerLayout(layout).navigationBar, previousItem != nil else { return false }
            let width = NavigationBar.previousItemWidth(previousItem, strings: drawnStrings, barWidth: bar.width)
            let hit = Rect(column: bar.column, row: bar.row, width: width, height: 1)
            if hit.contains(mouse.position) {
                performPreviousAction()
                return true
            }
            return false
        case .paste, .resize:
            return false
        }
    }

    /// What the back or Close item does: leave this controller. A controller that leaves another
    /// way (a call's screen goes back into the corner box) overrides it, and takes Esc to match.
    open func performPreviousAction() {
        navigationController?.pop(self, animated: true)
    }

    // MARK: Presentation

    /// Told by the navigation controller as a sheet rises over (or falls from) this controller.
    public func updateModalStyleOverlayTransitionFactor(_ value: Double, transition: ContainedViewLayoutTransition) {
        let clamped = min(max(value, 0), 1)
        guard clamped != modalStyleOverlayTransitionFactor else { return }
        modalStyleOverlayTransitionFactor = clamped
        modalStyleOverlayTransitionFactorUpdated?(clamped)
    }

    /// Where this controller sits when presented as an overlay, in the window's bounds. The
    /// default is the whole window (a lock screen); a toast returns a small rect.
    open func overlayFrame(in bounds: Rect) -> Rect { bounds }

    /// Whether a transition inside this controller is running (containers forward it).
    /// What Esc does here, for the key line, when it is not just "back" or "close" (a call's
    /// screen goes back into the corner box).
    open var previousActionHint: String? { nil }

    /// The keys that work on this screen, for the window's key line: its enabled bar and toolbar
    /// items by default. Containers answer with their focused child's, then their own.
    open var keyHints: [KeyHintItem] {
        (rightBarItems + (toolbar?.items ?? [])).filter(\.isEnabled).map { KeyHintItem($0.key, $0.title) }
    }

    open var wantsAnimationFrame: Bool { false }
    open func advanceAnimationFrame() {}
    /// Whether the controller is absorbing input (a transition, a push waiting for `ready`).
    open var isInteractionDisabled: Bool { false }
}
