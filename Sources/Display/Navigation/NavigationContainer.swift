/// One flat stack of controllers (Telegram's `NavigationContainer`): the phone's root, one column
/// of a split, the inside of a modal. It shows its top controller, gives each controller its
/// previous item (`‹ <title below>`, or Close for the first of a closable container), and runs
/// the push and pop slides when its top changes.
@MainActor
final class NavigationContainer {
    private(set) var controllers: [ViewController] = []
    /// A modal's container: its first controller shows Close and Esc on it closes the modal.
    let isClosable: Bool
    private(set) var transition: Transition?

    enum Transition {
        /// The new top slides in from the right over `from`.
        case push(from: ViewController, progress: TransitionProgress)
        /// `popped` slides out to the right, uncovering the new top.
        case pop(popped: ViewController, progress: TransitionProgress)

        var progress: TransitionProgress {
            switch self {
            case .push(_, let progress), .pop(_, let progress): return progress
            }
        }
    }

    init(isClosable: Bool) {
        self.isClosable = isClosable
    }

    var top: ViewController? { controllers.last }
    var isAnimating: Bool { transition != nil }

    /// Replaces the stack. With `transition` animated, a new top on top of the old one slides in
    /// (push); an old top gone with the new one below it in the old stack slides out (pop);
    /// anything else is immediate.
    func setControllers(_ newControllers: [ViewController], transition kind: ContainedViewLayoutTransition) {
        let oldTop = controllers.last
        controllers = newControllers
        updatePreviousItems()
        let newTop = newControllers.last
        newTop?.loadContentIfNeeded()
        guard kind.frames > 0, let oldTop, let newTop, oldTop !== newTop else {
            if oldTop !== newTop { transition = nil }
            return
        }
        let progress = TransitionProgress(frames: kind.frames)
        if newControllers.dropLast().contains(where: { $0 === oldTop }) {
            transition = .push(from: oldTop, progress: progress)
        } else {
            transition = .pop(popped: oldTop, progress: progress)
        }
    }

    func advanceAnimationFrame() {
        guard var current = transition else { return }
        var progress = current.progress
        progress.advance()
        switch current {
        case .push(let from, _): current = .push(from: from, progress: progress)
        case .pop(let popped, _): current = .pop(popped: popped, progress: progress)
        }
        transition = progress.isFinished ? nil : current
    }

    /// Hands the layout to the controllers that are shown (the top, and the one under a slide);
    /// the others get it when they come back to the top.
    func layout(_ layout: ContainerViewLayout, transition kind: ContainedViewLayoutTransition) {
        for controller in visibleControllers {
            controller.containerLayoutUpdated(self.layout(for: controller, layout), transition: kind)
        }
    }

    private func layout(for controller: ViewController, _ layout: ContainerViewLayout) -> ContainerViewLayout {
        controller.takesTextInput ? layout : layout.withoutInputHeight()
    }

    private var visibleControllers: [ViewController] {
        var result: [ViewController] = []
        switch transition {
        case .push(let from, _)?: result.append(from)
        case .pop(let popped, _)?: result.append(popped)
        case nil: break
        }
        if let top { result.append(top) }
        return result
    }

    /// Each controller's previous item, from the stack as it is now (again at each frame, since
    /// the title below can change).
    private func updatePreviousItems() {
        for (index, controller) in controllers.enumerated() {
            if index == 0 {
                controller.previousItem = isClosable ? .close : nil
            } else {
                controller.previousItem = .back(title: controllers[index - 1].title)
            }
        }
    }

    /// Draws the top controller (during a slide, both) into `canvas`, which is the container's frame.
    func render(in canvas: inout Canvas, context: PresentationContext, layout containerLayout: ContainerViewLayout) {
        updatePreviousItems()
        let width = canvas.size.width
        let full = canvas.bounds
        switch transition {
        case .push(let from, let progress)?:
            renderController(from, in: &canvas, frame: full, context: context, layout: containerLayout)
            if let top {
                let offset = progress.remaining(width)
                renderController(top, in: &canvas, frame: full.offsetBy(columns: offset, rows: 0), context: context,
                                 layout: containerLayout)
            }
        case .pop(let popped, let progress)?:
            if let top { renderController(top, in: &canvas, frame: full, context: context, layout: containerLayout) }
            let offset = width - progress.remaining(width)
            renderController(popped, in: &canvas, frame: full.offsetBy(columns: offset, rows: 0), context: context,
                             layout: containerLayout)
        case nil:
            if let top {
                renderController(top, in: &canvas, frame: full, context: context, layout: containerLayout)
            } else {
                canvas.clear(style: context.theme.emptyArea)
            }
        }
    }

    private func renderController(_ controller: ViewController, in canvas: inout Canvas, frame: Rect,
                                  context: PresentationContext, layout containerLayout: ContainerViewLayout) {
        // A controller coming back to the top may hold the layout of an older size.
        let wanted = layout(for: controller, containerLayout)
        if controller.validLayout != wanted { controller.containerLayoutUpdated(wanted, transition: .immediate) }
        canvas.draw(in: frame) { controller.render(in: &$0, context: context) }
    }
}
