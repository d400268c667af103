/// Telegram's `NavigationController`: one flat list of controllers, placed by
/// `makeNavigationLayout` into the root container (a flat stack, or a master/detail split) and the
/// modal containers above it, plus three more layers — overlays, the minimized box, global
/// overlays. Five layers, bottom to top:
///
/// 1. root: `NavigationContainer`, or `NavigationSplitContainer` in `automaticMasterDetail` at
///    regular width (collapsing to one stack, master first, when the window narrows);
/// 2. modal containers: sheets over a dimmed backdrop, or flat full-window modals;
/// 3. overlays: toasts and banners, which take no input unless asked;
/// 4. the minimized container: one controller in a corner box;
/// 5. global overlays: above everything, first to get input (a lock screen).
///
/// Telegram splits its global overlays in two around the keyboard; a terminal's composer is part
/// of the controller that owns it, so one global layer is enough here.
///
/// Changes are transitions: a push slides in, a pop slides out, a sheet rises and falls, over a
/// few frames asked of the backend — or immediately with `reducedMotion`. While one runs, and
/// while a pushed controller waits for `ready`, all input is absorbed (Telegram's
/// `isInteractionDisabled`): a key pressed then is dropped, not delivered later to a screen the
/// user did not see it go to.
@MainActor
open class NavigationController: ViewController {
    public let mode: NavigationControllerMode
    /// Every change immediate: the user's setting, or a terminal too slow to animate on.
    public var reducedMotion = false
    /// Rows at the bottom the minimized box stays above (the root's tab bar).
    public var minimizedBoxBottomInset = 0

    /// The flat list, bottom first, as the app sees it.
    public private(set) var viewControllers: [ViewController] = []
    /// The list, told to subscribers on every change (tab badges, the app's state).
    public let viewControllersSignal = ValuePromise<[ViewController]>([])

    var flatRoot = NavigationContainer(isClosable: false)
    var splitRoot: NavigationSplitContainer?
    /// The split's focused column, kept while the split is collapsed.
    var splitFocus: NavigationSplitContainer.Column = .master
    var modalContainers: [NavigationModalContainer] = []
    /// Sheets on their way down, drawn until they are gone.
    var dismissingModals: [NavigationModalContainer] = []
    var overlayContainers: [NavigationOverlayContainer] = []
    var minimizedContainer: MinimizedContainer?
    var globalOverlayContainers: [NavigationOverlayContainer] = []

    /// A push waiting for its controller's `ready`, and the subscription that will finish it.
    var pendingPush: (controller: ViewController, disposable: Disposable)?

    public init(mode: NavigationControllerMode, root: ViewController? = nil) {
        self.mode = mode
        super.init()
        displaysNavigationBar = false
        if let root { setViewControllers([root], animated: false) }
    }

    /// The top controller of the flat list.
    public var topViewController: ViewController? { viewControllers.last }

    /// The transition for an animated change, or immediate with reduced motion.
    var animatedTransition: ContainedViewLayoutTransition { reducedMotion ? .immediate : .standard }

    // MARK: The stack

    /// Replaces the whole list. Containers find what changed and animate it.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        cancelPendingPush()
        commit(controllers, transition: animated ? animatedTransition : .immediate)
    }

    /// Pushes `controller`, or, if it is not ready, waits for it with the current top still shown
    /// and input absorbed (Telegram's push waits on `controller.ready` the same way). A second push
    /// while one waits replaces it.
    public func pushViewController(_ controller: ViewController, animated: Bool = true) {
        cancelPendingPush()
        controller.navigationController = self
        controller.loadContentIfNeeded()
        if controller.ready.value {
            commit(viewControllers + [controller], transition: animated ? animatedTransition : .immediate)
            return
        }
        var fired = false
        let disposable = controller.ready.subscribe { [weak self] isReady in
            guard isReady, !fired, let self else { return }
            fired = true
            self.pendingPush?.disposable.dispose()
            self.pendingPush = nil
            self.commit(self.viewControllers + [controller], transition: animated ? self.animatedTransition : .immediate)
        }
        if !fired { pendingPush = (controller, disposable) }
    }

    /// Pops the top of the topmost container: a modal's top (closing the modal with its last
    /// controller), else the focused column's top. Nothing on a root's only controller.
    @discardableResult
    public func popViewController(animated: Bool = true) -> ViewController? {
        guard let target = controllerToPop() else { return nil }
        pop(target, animated: animated)
        return target
    }

    /// Removes `controller` and everything above it in its own container (a back item pressed on a
    /// controller below a running slide still leaves just that screen).
    public func pop(_ controller: ViewController, animated: Bool) {
        guard viewControllers.contains(where: { $0 === controller }) else { return }
        let container = containerControllers(holding: controller)
        let above = Set(container.drop(while: { $0 !== controller }).map(ObjectIdentifier.init))
        var remaining = viewControllers
        remaining.removeAll { above.contains(ObjectIdentifier($0)) }
        commit(remaining, transition: animated ? animatedTransition : .immediate)
    }

    /// Back to the first controller of the root.
    public func popToRoot(animated: Bool) {
        guard let first = viewControllers.first else { return }
        commit([first], transition: animated ? animatedTransition : .immediate)
    }

    func cancelPendingPush() {
        pendingPush?.disposable.dispose()
        pendingPush = nil
    }

    /// The one place the list changes: sets it, tells subscribers, and updates the containers.
    func commit(_ controllers: [ViewController], transition: ContainedViewLayoutTransition) {
        for controller in controllers { controller.navigationController = self }
        viewControllers = controllers
        updateContainers(transition: transition)
        viewControllersSignal.set(controllers)
    }

    // MARK: Layout

    override open func containerLayoutUpdated(_ layout: ContainerViewLayout, transition: ContainedViewLayoutTransition) {
        super.containerLayoutUpdated(layout, transition: transition)
        updateContainers(transition: .immediate)
    }

    // MARK: Drawing, frames, input (NavigationController+Rendering, +Input)

    override open func render(in canvas: inout Canvas, context: PresentationContext) {
        renderLayers(in: &canvas, context: context)
    }

    override open var wantsAnimationFrame: Bool { navigationWantsAnimationFrame }
    override open func advanceAnimationFrame() { advanceNavigationFrame() }
    override open var isInteractionDisabled: Bool { navigationInteractionDisabled }
    override open func handle(_ event: InputEvent) -> Bool { route(event) }
    override open var keyHints: [KeyHintItem] { navigationKeyHints }

    /// The layout the containers work from before the first real one arrives.
    var currentLayout: ContainerViewLayout { validLayout ?? ContainerViewLayout(size: Size(width: 80, height: 24)) }
}
