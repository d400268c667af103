extension NavigationController {
    /// Places the list into the containers for the current layout (Telegram's
    /// `updateContainers`): the root collapses or expands with the width class, modal containers
    /// are matched to the ones already up by their first controller, new ones rise, gone ones fall.
    func updateContainers(transition: ContainedViewLayoutTransition) {
        let layout = currentLayout
        let placed = makeNavigationLayout(mode: mode, layout: layout, controllers: viewControllers.map(ControllerEntry.init))

        switch placed.root {
        case .flat(let entries):
            let controllers = entries.map(\.controller)
            if let split = splitRoot {
                // Collapse: one stack, master first, then the details pushed on it.
                splitFocus = split.focusedColumn
                splitRoot = nil
                flatRoot.setControllers(controllers, transition: .immediate)
            } else {
                flatRoot.setControllers(controllers, transition: transition)
                // What is on top now is where the focus goes if the width later allows a split: a
                // chat opened before the first wide layout (a link at launch) keeps the keys.
                if mode == .automaticMasterDetail, let top = entries.last?.controller {
                    splitFocus = top.navigationPresentation == .master ? .master : .detail
                }
            }
            flatRoot.layout(layout, transition: transition)
        case .split(let master, let detail):
            let split: NavigationSplitContainer
            if let existing = splitRoot {
                split = existing
                split.setControllers(master: master.map(\.controller), detail: detail.map(\.controller), transition: transition)
            } else {
                // Expand: the same controllers, back in their columns, the focus where it was.
                split = NavigationSplitContainer()
                split.setControllers(master: master.map(\.controller), detail: detail.map(\.controller), transition: .immediate)
                split.focusedColumn = splitFocus
                flatRoot.setControllers([], transition: .immediate)
                splitRoot = split
            }
            split.layout(layout, transition: transition)
        }

        var previous = modalContainers
        var current: [NavigationModalContainer] = []
        for modal in placed.modals {
            let controllers = modal.controllers.map(\.controller)
            let key = ObjectIdentifier(controllers[0])
            if let index = previous.firstIndex(where: {
                $0.key == key && $0.isFlat == modal.isFlat && $0.isStandalone == modal.isStandalone
            }) {
                let container = previous.remove(at: index)
                container.container.setControllers(controllers, transition: transition)
                current.append(container)
            } else {
                let container = NavigationModalContainer(first: controllers[0], isFlat: modal.isFlat,
                                                         isStandalone: modal.isStandalone, transition: transition)
                container.container.setControllers(controllers, transition: .immediate)
                current.append(container)
            }
        }
        for gone in previous {
            gone.dismiss(transition: transition)
            if !gone.isDismissed { dismissingModals.append(gone) }
        }
        modalContainers = current
        layoutLayers(layout, transition: transition)
        updateModalStyleOverlayFactors()
    }

    /// Modal containers, overlays and global overlays get the window's layout.
    func layoutLayers(_ layout: ContainerViewLayout, transition: ContainedViewLayoutTransition) {
        for (modal, depth) in modalLayers { modal.layout(layout, depth: depth, transition: transition) }
        for overlay in overlayContainers + globalOverlayContainers { overlay.layout(layout, transition: transition) }
    }

    /// Every modal container that is drawn, bottom first, with its sheet depth (flat ones do not
    /// count: they are not sheets).
    var modalLayers: [(NavigationModalContainer, Int)] {
        var depth = 0
        return (modalContainers + dismissingModals).map { modal in
            defer { if !modal.isFlat { depth += 1 } }
            return (modal, modal.isFlat ? 0 : depth)
        }
    }

    /// Tells each uncovered-by-one-level controller how far the sheet above it has risen: the
    /// root's shown controllers from the lowest sheet, each modal's top from the sheet above it.
    func updateModalStyleOverlayFactors() {
        let layers = modalContainers + dismissingModals
        func coverage(above index: Int) -> Double {
            layers.dropFirst(index).first(where: { !$0.isFlat })?.coverage ?? 0
        }
        let rootCoverage = coverage(above: 0)
        for controller in rootShownControllers {
            controller.updateModalStyleOverlayTransitionFactor(rootCoverage, transition: .immediate)
        }
        for (index, modal) in layers.enumerated() {
            modal.container.top?.updateModalStyleOverlayTransitionFactor(coverage(above: index + 1), transition: .immediate)
        }
    }

    /// The root's controllers on screen: the flat top, or each column's top.
    var rootShownControllers: [ViewController] {
        if let split = splitRoot { return [split.master.top, split.detail.top].compactMap { $0 } }
        return [flatRoot.top].compactMap { $0 }
    }

    /// What Esc or `popViewController` takes away: the top modal's top, else the focused column's
    /// top. A root's only controller stays; the detail column's only one may go (collapsed, it is a
    /// push on the master list, and Esc there would pop it too).
    func controllerToPop() -> ViewController? {
        if let modal = modalContainers.last { return modal.container.top }
        if let split = splitRoot {
            switch split.focusedColumn {
            case .detail: return split.detail.top ?? (split.master.controllers.count > 1 ? split.master.top : nil)
            case .master: return split.master.controllers.count > 1 ? split.master.top : nil
            }
        }
        return flatRoot.controllers.count > 1 ? flatRoot.top : nil
    }

    /// The stack `controller` is in: its modal container's, its column's, or the flat root's.
    func containerControllers(holding controller: ViewController) -> [ViewController] {
        let stacks = modalContainers.map(\.container.controllers)
            + [splitRoot?.master.controllers, splitRoot?.detail.controllers, flatRoot.controllers].compactMap { $0 }
        return stacks.first(where: { $0.contains(where: { $0 === controller }) }) ?? [controller]
    }

    /// Whether a navigation transition (push, pop, sheet) is running.
    var isTransitioning: Bool {
        flatRoot.isAnimating || splitRoot?.isAnimating == true || !dismissingModals.isEmpty
            || modalContainers.contains(where: \.isAnimating)
    }
}
