/// An overlay (Telegram's `NavigationOverlayContainer`): a toast, a banner, a lock screen, drawn
/// above the stacks at the frame its controller asks for. An overlay appears once its controller
/// is ready. It takes no input unless presented as blocking (then it takes all of it, handled or
/// not) or its controller holds interaction until ready.
@MainActor
final class NavigationOverlayContainer {
    let controller: ViewController
    let blocksInteraction: Bool

    init(controller: ViewController, blocksInteraction: Bool) {
        self.controller = controller
        self.blocksInteraction = blocksInteraction
        controller.loadContentIfNeeded()
    }

    var isShown: Bool { controller.ready.value }
    /// Input stops here: a blocking overlay that is shown, or one that holds input until ready.
    var absorbsInput: Bool {
        isShown ? blocksInteraction : controller.blocksInteractionUntilReady
    }

    func frame(in bounds: Rect) -> Rect { controller.overlayFrame(in: bounds).intersection(bounds) }

    func layout(_ layout: ContainerViewLayout, transition: ContainedViewLayoutTransition) {
        let frame = frame(in: Rect(origin: .zero, size: layout.size))
        var inner = layout
        inner.size = frame.size
        inner.metrics = LayoutMetrics(size: frame.size)
        if frame.row > 0 { inner.statusBarHeight = nil }
        controller.containerLayoutUpdated(inner, transition: transition)
    }

    func render(in canvas: inout Canvas, context: PresentationContext) {
        guard isShown else { return }
        canvas.draw(in: frame(in: canvas.bounds)) { controller.render(in: &$0, context: context) }
    }
}
