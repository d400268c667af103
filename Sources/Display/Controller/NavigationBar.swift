/// Draws a controller's navigation bar (Telegram's `NavigationBar`): two rows. The first holds
/// the previous item on the left (`‹ Chats`, or `Close` in a modal), the title centred, and the
/// right-hand items with their key hints; the second is the separator, carrying the subtitle
/// ("online", "3 members") in its middle so the bar stays two rows with or without one.
///
/// Telegram draws its back arrow from an SVG path at the theme's tint; here it is `‹` in the
/// button style, which a monochrome theme underlines.
public enum NavigationBar {
    /// Two rows with or without a subtitle: it lives in the separator row.
    public static let height = 2

    /// The previous item's text, as drawn.
    public static func previousItemText(_ previous: NavigationPreviousAction?, strings: NavigationBarStrings) -> String? {
        switch previous {
        case .none: return nil
        case .close: return strings.close
        case .back(let title): return "‹ " + (title.isEmpty ? strings.back : title)
        }
    }

    /// Columns the previous item takes on the first row (its clickable area), at most a quarter of
    /// a wide bar.
    static func previousItemWidth(_ previous: NavigationPreviousAction?, strings: NavigationBarStrings,
                                  barWidth: Int) -> Int {
        guard let text = previousItemText(previous, strings: strings) else { return 0 }
        return min(TextWidth.of(text), previousItemLimit(barWidth: barWidth))
    }

    /// The most the previous item may take: a quarter of the bar, at least 8 columns.
    static func previousItemLimit(barWidth: Int) -> Int { min(max(barWidth / 4, 8), barWidth) }

    @MainActor
    public static func draw(in canvas: inout Canvas, title: String, subtitle: String?,
                            previous: NavigationPreviousAction?, rightItems: [BarButtonItem],
                            context: PresentationContext) {
        let theme = context.theme
        let width = canvas.size.width
        guard width > 0, canvas.size.height > 0 else { return }
        canvas.fill(Rect(column: 0, row: 0, width: width, height: 1), style: theme.barBackground)

        // Left: the previous item, cut to a quarter of the bar (at least 8 columns).
        var leftEnd = 0
        if let text = previousItemText(previous, strings: context.strings) {
            leftEnd = canvas.put(text, column: 0, row: 0, style: theme.barButton, maxWidth: previousItemLimit(barWidth: width))
        }

        // Right: items from the right edge leftwards, while they fit in a third of the bar.
        var rightStart = width
        for item in rightItems.reversed() {
            let hint = item.keyHint, label = item.title
            let itemWidth = TextWidth.of(hint) + 1 + TextWidth.of(label)
            let start = rightStart - itemWidth - (rightStart == width ? 0 : 2)
            guard start >= max(width * 2 / 3, leftEnd + 1) else { break }
            var style = theme.barButton
            if !item.isEnabled { style = theme.keyHint }
            let after = canvas.put(hint, column: start, row: 0, style: theme.keyHint)
            canvas.put(label, column: after + 1, row: 0, style: style)
            rightStart = start
        }

        // Title: centred on the bar when the sides leave room, else between them.
        let side = max(leftEnd, width - rightStart)
        let titleWidth = TextWidth.of(title)
        let centredRoom = width - 2 * (side + 1)
        if centredRoom >= min(titleWidth, 10) {
            let shown = min(titleWidth, centredRoom)
            canvas.put(title, column: (width - shown) / 2, row: 0, style: theme.barTitle, maxWidth: shown)
        } else {
            let start = leftEnd + 1, room = rightStart - 1 - start
            if room > 0 { canvas.put(title, column: start, row: 0, style: theme.barTitle, maxWidth: room) }
        }

        // Second row: the separator, with the subtitle in its middle.
        guard canvas.size.height > 1 else { return }
        canvas.fill(Rect(column: 0, row: 1, width: width, height: 1), with: "─", style: theme.separator)
        if let subtitle, !subtitle.isEmpty, width > 4 {
            let text = " " + subtitle + " "
            let shown = min(TextWidth.of(text), width - 4)
            canvas.put(text, column: (width - shown) / 2, row: 1, style: theme.barSubtitle, maxWidth: shown)
        }
    }
}

/// Draws a toolbar: its items left to right, each its key hint and title.
enum ToolbarView {
    @MainActor
    static func draw(_ toolbar: Toolbar, in canvas: inout Canvas, context: PresentationContext) {
        let theme = context.theme
        canvas.fill(canvas.bounds, style: theme.barBackground)
        var column = 1
        for item in toolbar.items {
            column = canvas.put(item.keyHint, column: column, row: 0, style: theme.keyHint)
            column = canvas.put(item.title, column: column + 1, row: 0,
                                style: item.isEnabled ? theme.barButton : theme.keyHint) + 3
            if column >= canvas.size.width { break }
        }
    }
}
