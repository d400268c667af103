extension NavigationController {
    /// Keys that act on the navigation itself (the switch between columns is the person's:
    /// `GlobalKeyAction.switchColumn`, F6 by default as most desktop apps cycle panes).
    public enum Keys {
        public static let maximizeMinimized = MinimizedContainer.maximizeKey
        public static let dismissMinimized = MinimizedContainer.dismissKey
    }

    /// Routes an event to the topmost layer that takes input: a global overlay, a blocking
    /// overlay, the minimized box's keys, the top modal, then the split's focused column or the
    /// flat root's top. A layer that takes input keeps it: a modal never leaks an unhandled key
    /// to the screen under it. Esc left unhandled pops the top of the topmost container.
    func route(_ event: InputEvent) -> Bool {
        let bounds = Rect(origin: .zero, size: currentLayout.size)
        for overlay in globalOverlayContainers.reversed() where overlay.absorbsInput || overlay.isShown {
            let frame = overlay.frame(in: bounds)
            if overlay.absorbsInput {
                _ = deliver(event, to: overlay.controller, origin: frame.origin, frame: frame)
                return true
            }
            if case .mouse(let mouse) = event, frame.contains(mouse.position) {
                return deliver(event, to: overlay.controller, origin: frame.origin, frame: frame)
            }
        }
        if isInteractionDisabled { return true }
        for overlay in overlayContainers.reversed() {
            let frame = overlay.frame(in: bounds)
            if overlay.absorbsInput {
                _ = deliver(event, to: overlay.controller, origin: frame.origin, frame: frame)
                return true
            }
            if case .mouse(let mouse) = event, overlay.isShown, frame.contains(mouse.position) {
                return deliver(event, to: overlay.controller, origin: frame.origin, frame: frame)
            }
        }
        if minimizedContainer != nil {
            switch event {
            case .key(Keys.maximizeMinimized):
                maximizeMinimized()
                return true
            case .key(Keys.dismissMinimized):
                // A call's box asks its controller (it ends the call); others just close.
                if let minimized = minimizedContainer, minimized.shouldCloseOnDismissKey(),
                   minimizedContainer === minimized {
                    dismissMinimized()
                }
                return true
            case .mouse(let mouse) where MinimizedContainer.frame(in: minimizedBoxLayout(currentLayout)).contains(mouse.position):
                if case .press(.left) = mouse.kind { maximizeMinimized() }
                return true
            default:
                break
            }
        }
        if let (modal, depth) = modalLayers.last(where: { !$0.0.isDismissing }), let top = modal.container.top {
            let inner = modal.frames(in: currentLayout, depth: depth).inner
            if !deliver(event, to: top, origin: inner.origin, frame: inner), event == .key(.escape) {
                popViewController()
            }
            return true
        }
        return handleRoot(event)
    }

    private func handleRoot(_ event: InputEvent) -> Bool {
        var target = flatRoot.top
        var frame = Rect(origin: .zero, size: currentLayout.size)
        if let split = splitRoot {
            let columns = NavigationSplitContainer.frames(for: currentLayout.size)
            if case .key(let key) = event, keyBindings.action(for: key, in: .global) == .global(.switchColumn) {
                split.focusedColumn = split.focusedColumn == .master ? .detail : .master
                return true
            }
            if case .mouse(let mouse) = event, case .press = mouse.kind {
                if columns.master.contains(mouse.position) { split.focusedColumn = .master }
                if columns.detail.contains(mouse.position) { split.focusedColumn = .detail }
            }
            switch split.focusedColumn {
            case .master: target = split.master.top; frame = columns.master
            case .detail: target = split.detail.top; frame = columns.detail
            }
        }
        if let target, deliver(event, to: target, origin: frame.origin, frame: frame) { return true }
        if event == .key(.escape) { return popViewController() != nil }
        return false
    }

    /// Gives `event` to `controller` with mouse positions made local to `origin`; a mouse event
    /// outside `frame` is not its to have.
    func deliver(_ event: InputEvent, to controller: ViewController, origin: Point, frame: Rect) -> Bool {
        guard case .mouse(var mouse) = event else { return controller.handle(event) }
        guard frame.contains(mouse.position) else { return false }
        mouse.position = Point(column: mouse.position.column - origin.column, row: mouse.position.row - origin.row)
        return controller.handle(.mouse(mouse))
    }
}
