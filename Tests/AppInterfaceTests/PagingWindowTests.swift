@testable import AppInterface
import Display
import Testing

/// The run loop's view of the window: the step before each frame runs before anything is drawn.
@MainActor
@Suite("AppInterface: the step before a frame")
struct PagingWindowTests {
    final class Probe: ViewController {
        var events: [String] = []
        override func drawContent(in canvas: inout Canvas, context: PresentationContext) { events.append("draw") }
    }

    @Test func theStepRunsBeforeEveryFrame() {
        let probe = Probe(title: "Probe")
        let window = Window(rootController: NavigationController(mode: .single, root: probe),
                            context: PresentationContext(theme: .dayMonochrome))
        let frames = PagingWindow(window) { probe.events.append("step") }
        frames.layout(size: Size(width: 40, height: 12))
        #expect(probe.events.isEmpty, "a layout is not a frame")
        var surface = Surface(width: 40, height: 12)
        frames.render(into: &surface)
        frames.render(into: &surface)
        #expect(probe.events == ["step", "draw", "step", "draw"])
        window.shouldQuit = true
        #expect(frames.shouldQuit)
    }
}
