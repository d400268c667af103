import Display
import TerminalBackend

/// The window as the terminal's run loop drives it, with one step before each frame (the shown
/// screens read the pages the frame will show, `loadPagesIfNeeded`, so drawing never reads) and
/// one after it (what waited for the screen: the tick's widget publish).
@MainActor
final class PagingWindow: TerminalApplication {
    let window: Window
    private let beforeFrame: () -> Void
    private let afterFrame: () -> Void

    init(_ window: Window, beforeFrame: @escaping () -> Void, afterFrame: @escaping () -> Void = {}) {
        self.window = window
        self.beforeFrame = beforeFrame
        self.afterFrame = afterFrame
    }

    func frameDrawn() { afterFrame() }

    func layout(size: Size) { window.layout(size: size) }
    func handle(_ event: InputEvent) { window.handle(event) }

    func render(into surface: inout Surface) {
        beforeFrame()
        window.render(into: &surface)
    }

    var wantsAnimationFrame: Bool { window.wantsAnimationFrame }
    func advanceAnimationFrame() { window.advanceAnimationFrame() }
    var shouldQuit: Bool { window.shouldQuit }
}
