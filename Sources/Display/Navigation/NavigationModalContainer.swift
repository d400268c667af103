/// A modal container (Telegram's `NavigationModalContainer`): a closable stack shown as a sheet
/// over a dimmed backdrop, or full-window for a flat modal. It rises from the bottom when
/// presented and falls when dismissed; a flat one slides in from the right like a push.
///
/// Sheet geometry. Compact width: the full width minus a two-column margin, from one row below the
/// top (each further sheet one row lower, as iOS stacks its cards) to the bottom. Regular width:
/// centred, half the window wide (60 to 100 columns) and three quarters high (at least 20 rows),
/// Telegram's iPad form sheet in cells.
@MainActor
final class NavigationModalContainer {
    let container = NavigationContainer(isClosable: true)
    let isFlat: Bool
    let isStandalone: Bool
    /// The first controller's identity: how a container is recognised across stack changes.
    let key: ObjectIdentifier
    private(set) var appearance: Appearance

    enum Appearance {
        case presenting(TransitionProgress)
        case shown
        case dismissing(TransitionProgress)
    }

    init(first: ViewController, isFlat: Bool, isStandalone: Bool, transition: ContainedViewLayoutTransition) {
        self.key = ObjectIdentifier(first)
        self.isFlat = isFlat
        self.isStandalone = isStandalone
        self.appearance = transition.frames > 0 ? .presenting(TransitionProgress(frames: transition.frames)) : .shown
    }

    var isDismissing: Bool { if case .dismissing = appearance { return true } else { return false } }
    var isDismissed: Bool { if case .dismissing(let progress) = appearance { return progress.isFinished } else { return false } }
    var isAnimating: Bool {
        switch appearance {
        case .shown: return container.isAnimating
        case .presenting, .dismissing: return true
        }
    }

    /// How much the sheet covers what is below: 0 … 1 while it rises, 1 shown, 1 … 0 as it falls.
    var coverage: Double {
        switch appearance {
        case .presenting(let progress): return progress.fraction
        case .shown: return 1
        case .dismissing(let progress): return 1 - progress.fraction
        }
    }

    func dismiss(transition: ContainedViewLayoutTransition) {
        // Immediate: a one-frame fall, already run, so the container is dismissed at once.
        appearance = .dismissing(TransitionProgress(frames: transition.frames))
        if transition.frames == 0 { advanceAnimationFrame() }
    }

    func advanceAnimationFrame() {
        container.advanceAnimationFrame()
        switch appearance {
        case .presenting(var progress):
            progress.advance()
            appearance = progress.isFinished ? .shown : .presenting(progress)
        case .dismissing(var progress):
            progress.advance()
            appearance = .dismissing(progress)
        case .shown:
            break
        }
    }

    /// How far of `distance` the container still is from its place: all of it at the start of a
    /// rise, none when shown, growing again as it falls.
    private func hiddenDistance(_ distance: Int) -> Int {
        switch appearance {
        case .presenting(let progress): return progress.remaining(distance)
        case .shown: return 0
        case .dismissing(let progress): return distance - progress.remaining(distance)
        }
    }

    /// The sheet's frame, border included, in the window, for the `depth`-th sheet (0 the lowest).
    static func sheetFrame(in layout: ContainerViewLayout, depth: Int) -> Rect {
        let size = layout.size
        let top = (layout.statusBarHeight ?? 0) + layout.safeInsets.top
        if layout.metrics.widthClass == .regular {
            let width = min(max(60, size.width / 2), 100, size.width - 4)
            let height = min(max(20, size.height * 3 / 4), size.height - top - 2)
            return Rect(column: (size.width - width) / 2, row: top + (size.height - top - height) / 2,
                        width: width, height: height)
        }
        let row = top + 1 + min(depth, 3)
        return Rect(column: 2, row: row, width: max(size.width - 4, 0), height: max(size.height - row, 0))
    }

    /// The frame in the window and the layout the controllers inside get.
    func frames(in layout: ContainerViewLayout, depth: Int) -> (frame: Rect, inner: Rect, innerLayout: ContainerViewLayout) {
        if isFlat {
            let frame = Rect(origin: .zero, size: layout.size)
            return (frame, frame, layout)
        }
        let frame = Self.sheetFrame(in: layout, depth: depth)
        // The border's bottom edge falls below a compact sheet's last row: it runs to the window's
        // edge, as a phone's sheet does.
        let bottomBorder = layout.metrics.widthClass == .regular ? 1 : 0
        let inner = Rect(column: frame.column + 1, row: frame.row + 1, width: max(frame.width - 2, 0),
                         height: max(frame.height - 1 - bottomBorder, 0))
        var innerLayout = ContainerViewLayout(size: inner.size, inputHeight: layout.inputHeight)
        innerLayout.metrics.heightClass = layout.metrics.heightClass
        return (frame, inner, innerLayout)
    }

    func layout(_ layout: ContainerViewLayout, depth: Int, transition: ContainedViewLayoutTransition) {
        container.layout(frames(in: layout, depth: depth).innerLayout, transition: transition)
    }

    /// Draws the backdrop over what is already in `canvas` (the window), then the sheet at its
    /// place in the rise or fall.
    func render(in canvas: inout Canvas, context: PresentationContext, layout: ContainerViewLayout, depth: Int) {
        let parts = frames(in: layout, depth: depth)
        if isFlat {
            // A flat modal slides in from the right, as a push does.
            let offset = hiddenDistance(parts.frame.width)
            canvas.draw(in: parts.frame.offsetBy(columns: offset, rows: 0)) {
                container.render(in: &$0, context: context, layout: parts.innerLayout)
            }
            return
        }
        if coverage > 0 { canvas.dim() }
        let offset = hiddenDistance(layout.size.height - parts.frame.row)
        let frame = parts.frame.offsetBy(columns: 0, rows: offset)
        let inner = parts.inner.offsetBy(columns: 0, rows: offset)
        // A compact sheet's bottom border lies past the window's edge, so the box is a row taller.
        let extendsBelow = parts.inner.maxRow == parts.frame.maxRow
        canvas.draw(in: frame) { sheet in
            sheet.clear(style: context.theme.content)
            sheet.drawBox(Rect(column: 0, row: 0, width: frame.width, height: frame.height + (extendsBelow ? 1 : 0)),
                          style: context.theme.sheetBorder)
        }
        canvas.draw(in: inner) { container.render(in: &$0, context: context, layout: parts.innerLayout) }
    }
}
