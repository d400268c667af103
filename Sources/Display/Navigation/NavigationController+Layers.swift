extension NavigationController {
    // MARK: Overlays (layer 3)

    /// Shows `controller` above the stacks at its `overlayFrame`, once it is ready. It takes no
    /// input unless `blocksInteraction` (then all of it, as a modal alert does).
    public func presentOverlay(_ controller: ViewController, blocksInteraction: Bool = false) {
        overlayContainers.append(makeOverlayContainer(controller, blocksInteraction: blocksInteraction))
    }

    public func dismissOverlay(_ controller: ViewController) {
        overlayContainers.removeAll { $0.controller === controller }
        globalOverlayContainers.removeAll { $0.controller === controller }
    }

    private func makeOverlayContainer(_ controller: ViewController, blocksInteraction: Bool) -> NavigationOverlayContainer {
        controller.navigationController = self
        let container = NavigationOverlayContainer(controller: controller, blocksInteraction: blocksInteraction)
        container.layout(currentLayout, transition: .immediate)
        return container
    }

    public var overlayControllers: [ViewController] { overlayContainers.map(\.controller) }

    // MARK: Global overlays (layer 5)

    /// Shows `controller` above everything, the minimized box included. It gets input before any
    /// other layer, even while the stacks are in a transition; by default it takes all of it (a
    /// lock screen must not let a key through to the chat under it).
    public func presentGlobalOverlay(_ controller: ViewController, blocksInteraction: Bool = true) {
        globalOverlayContainers.append(makeOverlayContainer(controller, blocksInteraction: blocksInteraction))
    }

    public func dismissGlobalOverlay(_ controller: ViewController) {
        globalOverlayContainers.removeAll { $0.controller === controller }
    }

    public var globalOverlayControllers: [ViewController] { globalOverlayContainers.map(\.controller) }

    // MARK: Minimized container (layer 4)

    /// Takes `controller` (and what is above it in its container) out of the stack into the corner
    /// box. An earlier minimized controller is closed: there is one box.
    public func minimize(_ controller: ViewController, animated: Bool = true) {
        guard viewControllers.contains(where: { $0 === controller }) else { return }
        minimizedContainer = MinimizedContainer(controller: controller)
        pop(controller, animated: animated)
    }

    /// Puts `controller` straight into the corner box without showing it first (a call that began
    /// elsewhere: Telegram shows it in its minimized container at once). A controller in the stack
    /// is minimized as `minimize` does. An earlier minimized controller is closed.
    public func presentMinimized(_ controller: ViewController) {
        if viewControllers.contains(where: { $0 === controller }) { return minimize(controller, animated: false) }
        if pendingPush?.controller === controller { cancelPendingPush() }
        controller.navigationController = self
        minimizedContainer = MinimizedContainer(controller: controller)
    }

    /// Puts the minimized controller back, pushed with the presentation it had.
    public func maximizeMinimized(animated: Bool = true) {
        guard let minimized = minimizedContainer else { return }
        minimizedContainer = nil
        minimized.controller.navigationPresentation = minimized.presentation
        pushViewController(minimized.controller, animated: animated)
    }

    /// Closes the minimized controller.
    public func dismissMinimized() {
        minimizedContainer = nil
    }

    public var minimizedController: ViewController? { minimizedContainer?.controller }
}
