/// The minimized container (Telegram's `MinimizedContainer`): a controller taken out of the
/// stack into a small box in the bottom-right corner, the picture-in-picture of a call or a mini
/// app. It shows the controller's title and subtitle and the two keys that act on it: F7 brings it
/// back where it was, F8 closes it. A click on the box also brings it back.
@MainActor
final class MinimizedContainer {
    let controller: ViewController
    /// Where it goes back: its presentation when it was minimized.
    let presentation: NavigationPresentation

    nonisolated static let maximizeKey = KeyEvent(.function(7))
    nonisolated static let dismissKey = KeyEvent(.function(8))

    init(controller: ViewController) {
        self.controller = controller
        self.presentation = controller.navigationPresentation
    }

    /// Four rows, up to 34 columns (a third of the window at most), above the bottom insets.
    static func frame(in layout: ContainerViewLayout) -> Rect {
        let width = min(34, max(layout.size.width / 3, 20), layout.size.width)
        let height = min(4, layout.size.height)
        let bottom = layout.size.height - layout.safeInsets.bottom - (layout.inputHeight ?? 0)
        return Rect(column: layout.size.width - width - 1, row: max(bottom - height, 0), width: width, height: height)
    }

    func render(in canvas: inout Canvas, context: PresentationContext, layout: ContainerViewLayout) {
        let frame = Self.frame(in: layout)
        let theme = context.theme
        canvas.draw(in: frame) { box in
            box.clear(style: theme.content)
            box.drawBox(box.bounds, style: theme.sheetBorder)
            box.put(controller.title, column: 2, row: 1, style: theme.barTitle.withBackground(of: theme.content),
                    maxWidth: max(box.size.width - 4, 0))
            let hints = KeyHint.text(for: Self.maximizeKey) + " open  " + KeyHint.text(for: Self.dismissKey) + " close"
            box.put(hints, column: 2, row: 2, style: theme.secondaryText,
                    maxWidth: max(box.size.width - 4, 0))
        }
    }
}
