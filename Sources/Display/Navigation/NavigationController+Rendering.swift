extension NavigationController {
    /// Draws the five layers, bottom to top, into `canvas` (the navigation controller's frame).
    func renderLayers(in canvas: inout Canvas, context: PresentationContext) {
        loadContentIfNeeded()
        if let opaque = globalOverlayContainers.lastIndex(where: { $0.isShown && $0.controller.hidesContentBeneath }) {
            canvas.clear(style: context.theme.content)
            for overlay in globalOverlayContainers[opaque...] { overlay.render(in: &canvas, context: context) }
            return
        }
        let layout = validLayout ?? ContainerViewLayout(size: canvas.size)
        if let split = splitRoot {
            split.render(in: &canvas, context: context, layout: layout)
        } else {
            flatRoot.render(in: &canvas, context: context, layout: layout)
        }
        for (modal, depth) in modalLayers {
            modal.render(in: &canvas, context: context, layout: layout, depth: depth)
        }
        for overlay in overlayContainers { overlay.render(in: &canvas, context: context) }
        minimizedContainer?.render(in: &canvas, context: context, layout: minimizedBoxLayout(layout))
        for overlay in globalOverlayContainers { overlay.render(in: &canvas, context: context) }
    }

    /// The layout the corner box is placed in: above the bottom rows the app keeps clear for it
    /// (a tab bar inside the root), as Telegram's box floats above the tab bar.
    func minimizedBoxLayout(_ layout: ContainerViewLayout) -> ContainerViewLayout {
        var boxLayout = layout
        boxLayout.safeInsets.bottom += minimizedBoxBottomInset
        return boxLayout
    }

    var navigationWantsAnimationFrame: Bool {
        isTransitioning || shownControllers.contains(where: \.wantsAnimationFrame)
    }

    func advanceNavigationFrame() {
        flatRoot.advanceAnimationFrame()
        splitRoot?.advanceAnimationFrame()
        for modal in modalContainers + dismissingModals { modal.advanceAnimationFrame() }
        dismissingModals.removeAll(where: \.isDismissed)
        for controller in shownControllers where controller.wantsAnimationFrame { controller.advanceAnimationFrame() }
        updateModalStyleOverlayFactors()
    }

    /// Input is absorbed while a transition runs, while a push waits for `ready`, and while an
    /// overlay holds it until it is ready.
    var navigationInteractionDisabled: Bool {
        pendingPush != nil || isTransitioning
            || overlayContainers.contains { !$0.isShown && $0.controller.blocksInteractionUntilReady }
    }

    /// The controllers on screen: each container's top, overlays, global overlays.
    var shownControllers: [ViewController] {
        rootShownControllers + modalContainers.compactMap(\.container.top)
            + (overlayContainers + globalOverlayContainers).filter(\.isShown).map(\.controller)
    }
}
