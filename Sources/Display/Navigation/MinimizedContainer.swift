/// The minimized container (Telegram's `MinimizedContainer`): a controller taken out of the
/// stack into a small box in the bottom-right corner, the picture-in-picture of a call or a mini
/// app. It shows the controller's title, its subtitle (live: a call's figures, redrawn each frame)
/// and the two keys that act on it: F7 brings it back where it was, F8 closes it — or does what
/// a `MinimizableController` says F8 does (a call ends). A click on the box also brings it back.
///
/// ```
/// ┌──────────────────────────┐    ┌──────────────────────────┐
/// │ Call with Ada            │    │ Call with Ada            │
/// │ F7 open  F8 close        │    │ 30 fps · 245 ✓ · active  │
/// └──────────────────────────┘    └ F7 open  F8 end call ────┘
/// ```
/// With a subtitle, the key hints move into the bottom border.
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

    /// What F8 is called in the box: "close", or the controller's own word for it.
    var dismissTitle: String { (controller as? MinimizableController)?.minimizedCloseTitle ?? "close" }

    /// F8: closes the box unless the controller says it will take the box away itself.
    func shouldCloseOnDismissKey() -> Bool {
        (controller as? MinimizableController)?.minimizedCloseRequested() ?? true
    }

    func render(in canvas: inout Canvas, context: PresentationContext, layout: ContainerViewLayout) {
        let frame = Self.frame(in: layout)
        let theme = context.theme
        canvas.draw(in: frame) { box in
            box.clear(style: theme.content)
            box.drawBox(box.bounds, style: theme.sheetBorder)
            let inner = max(box.size.width - 4, 0)
            box.put(controller.title, column: 2, row: 1, style: theme.barTitle.withBackground(of: theme.content), maxWidth: inner)
            let hints = KeyHint.text(for: Self.maximizeKey) + " open  " + KeyHint.text(for: Self.dismissKey) + " " + dismissTitle
            if let subtitle = controller.subtitle, !subtitle.isEmpty {
                box.put(subtitle, column: 2, row: 2, style: theme.content, maxWidth: inner)
                // The hints in the bottom border, a space each side, the corners kept.
                box.put(" " + hints + " ", column: 1, row: box.size.height - 1, style: theme.secondaryText,
                        maxWidth: max(box.size.width - 3, 0))
            } else {
                box.put(hints, column: 2, row: 2, style: theme.secondaryText, maxWidth: inner)
            }
        }
    }
}

/// A controller that decides what F8 does to its minimized box (Telegram's
/// `MinimizableController`, whose close asks the controller first). A call says "end call": its
/// box is the only sign that the call — and a screencast into it — goes on, so closing the box
/// must not hide a call that still runs.
@MainActor
public protocol MinimizableController: ViewController {
    /// The word beside F8 in the box ("close" for other controllers).
    var minimizedCloseTitle: String { get }
    /// F8 on the box. True: the box closes now; false: it stays (the controller removes it itself
    /// when it is done, or keeps it because closing failed).
    func minimizedCloseRequested() -> Bool
}
