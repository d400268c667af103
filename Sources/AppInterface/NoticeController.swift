import Display

/// A notice of a line or a few in a box at the top of the window (a call's state, a problem in
/// the configuration file); takes no input, so typing goes on beneath it. Lines wider than the
/// window are cut.
@MainActor
final class NoticeController: ViewController {
    let lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
        super.init(title: lines.first ?? "")
        displaysNavigationBar = false
    }

    override func overlayFrame(in bounds: Rect) -> Rect {
        let widest = lines.map { TextWidth.of($0) }.max() ?? 0
        let width = min(widest + 4, bounds.width)
        let height = min(lines.count + 2, max(bounds.height - 2, 0))
        return Rect(column: (bounds.width - width) / 2, row: min(2, max(bounds.height - height, 0)), width: width, height: height)
    }

    override func render(in canvas: inout Canvas, context: PresentationContext) {
        canvas.clear(style: context.theme.content)
        canvas.drawBox(canvas.bounds, style: context.theme.sheetBorder)
        for (index, line) in lines.prefix(max(canvas.size.height - 2, 0)).enumerated() {
            canvas.put(line, column: 2, row: 1 + index, style: context.theme.content, maxWidth: max(canvas.size.width - 4, 0))
        }
    }
}
