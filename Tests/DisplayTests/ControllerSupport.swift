import Display

/// A screen for tests: draws its lines, records what it receives, and handles the keys it is told to.
@MainActor
final class TextController: ViewController {
    var lines: [String]
    var loadCount = 0
    var received: [InputEvent] = []
    var handledCharacters: Set<Character> = []
    var factors: [Double] = []

    init(_ title: String, lines: [String] = [], presentation: NavigationPresentation = .default,
         subtitle: String? = nil) {
        self.lines = lines
        super.init(title: title)
        self.subtitle = subtitle
        navigationPresentation = presentation
        modalStyleOverlayTransitionFactorUpdated = { [unowned self] in self.factors.append($0) }
    }

    override func loadContent() { loadCount += 1 }

    override func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        for (row, line) in lines.enumerated() {
            canvas.put(line, column: 1, row: row, style: context.theme.content, maxWidth: max(canvas.size.width - 2, 0))
        }
    }

    override func handle(_ event: InputEvent) -> Bool {
        received.append(event)
        if case .key(let key) = event, let character = key.plainCharacter, handledCharacters.contains(character) { return true }
        return super.handle(event)
    }

    var receivedKeys: [Character] {
        received.compactMap { if case .key(let key) = $0 { return key.plainCharacter } else { return nil } }
    }
}

/// A controller whose minimized box names F8 itself and answers it (a call: "end call").
@MainActor
final class MinimizableTextController: ViewController, MinimizableController {
    let minimizedCloseTitle: String
    var closesOnRequest = true
    var closeRequests = 0

    init(_ title: String, closeTitle: String, presentation: NavigationPresentation = .flatModal) {
        minimizedCloseTitle = closeTitle
        super.init(title: title)
        navigationPresentation = presentation
    }

    func minimizedCloseRequested() -> Bool {
        closeRequests += 1
        return closesOnRequest
    }
}

/// A one-line toast near the bottom, or a full-window overlay when `fullWindow`.
@MainActor
final class ToastController: ViewController {
    let fullWindow: Bool
    init(_ text: String, fullWindow: Bool = false) {
        self.fullWindow = fullWindow
        super.init(title: text)
        displaysNavigationBar = fullWindow
    }

    override func overlayFrame(in bounds: Rect) -> Rect {
        if fullWindow { return bounds }
        let width = min(TextWidth.of(title) + 4, bounds.width)
        return Rect(column: (bounds.width - width) / 2, row: bounds.height - 5, width: width, height: 3)
    }

    override func render(in canvas: inout Canvas, context: PresentationContext) {
        if fullWindow { return super.render(in: &canvas, context: context) }
        canvas.clear(style: context.theme.content)
        canvas.drawBox(canvas.bounds, style: context.theme.sheetBorder)
        canvas.put(title, column: 2, row: 1, style: context.theme.content, maxWidth: canvas.size.width - 4)
    }
}

/// A window with a navigation controller at its root, monochrome unless told.
@MainActor
struct Scene {
    let window: Window
    let navigation: NavigationController

    init(width: Int, height: Int, mode: NavigationControllerMode = .single, root: ViewController,
         theme: Theme = .dayMonochrome, statusText: String? = nil) {
        navigation = NavigationController(mode: mode, root: root)
        window = Window(rootController: navigation, context: PresentationContext(theme: theme))
        window.statusText = statusText
        window.layout(size: Size(width: width, height: height))
    }

    /// The frame as drawn now.
    func surface() -> Surface {
        var surface = Surface(width: 0, height: 0)
        window.render(into: &surface)
        return surface
    }

    /// Runs animation frames until none is wanted; returns how many ran.
    @discardableResult
    func settle(limit: Int = 100) -> Int {
        var frames = 0
        while window.wantsAnimationFrame, frames < limit {
            window.advanceAnimationFrame()
            frames += 1
        }
        return frames
    }

    func press(_ key: Key, _ modifiers: KeyModifiers = []) { window.handle(.key(key, modifiers)) }
    func type(_ text: String) { for character in text { press(.character(character)) } }
    func resize(_ width: Int, _ height: Int) { window.handle(.resize(Size(width: width, height: height))) }

    /// The frame's rows as text, for `contains` checks.
    func text() -> String { surface().textLines.joined(separator: "\n") }
}
