extension NavigationController {
    /// The controller that gets the next key, found the way `route` finds it: a global overlay
    /// that takes input, a blocking overlay, the top modal's top, then the split's focused column
    /// or the flat root's top.
    public var focusedController: ViewController? {
        if let overlay = globalOverlayContainers.last(where: \.absorbsInput) { return overlay.controller }
        if let overlay = overlayContainers.last(where: \.absorbsInput) { return overlay.controller }
        if let (modal, _) = modalLayers.last(where: { !$0.0.isDismissing }), let top = modal.container.top { return top }
        if let split = splitRoot {
            switch split.focusedColumn {
            case .master: return split.master.top
            case .detail: return split.detail.top ?? split.master.top
            }
        }
        return flatRoot.top
    }

    /// The focused controller's keys, then what the navigation adds: Esc where it goes back or
    /// closes, F6 between the split's columns, F7/F8 for the minimized box.
    var navigationKeyHints: [KeyHintItem] {
        let focused = focusedController
        var hints = focused?.keyHints ?? []
        if let focused {
            if let (modal, _) = modalLayers.last(where: { !$0.0.isDismissing }), modal.container.top === focused {
                hints.append(KeyHintItem(KeyEvent(.escape), focused.previousActionHint ?? (modal.container.controllers.count > 1 ? "back" : "close")))
            } else if viewControllers.count > 1, focused !== viewControllers.first, viewControllers.contains(where: { $0 === focused }) {
                hints.append(KeyHintItem(KeyEvent(.escape), focused.previousActionHint ?? "back"))
            }
        }
        if let split = splitRoot, !split.detail.controllers.isEmpty,
           let focused, split.master.top === focused || split.detail.top === focused {
            if let key = keyBindings.hint(for: .global(.switchColumn)) { hints.append(KeyHintItem(key, "column")) }
        }
        if let minimized = minimizedContainer?.controller {
            hints.append(KeyHintItem(Keys.maximizeMinimized, "open"))
            hints.append(KeyHintItem(Keys.dismissMinimized, (minimized as? MinimizableController)?.minimizedCloseTitle ?? "close"))
        }
        return hints
    }
}
