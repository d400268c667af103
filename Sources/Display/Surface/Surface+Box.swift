extension Surface {
    /// Draws the border of `rect` with single box-drawing lines (`┌─┐│└┘`), and `title` on its top
    /// edge from the third column, cut with `…` so that a `─` and the corner stay on each side.
    /// The inside is left as it is. A rectangle under 2×2 has no border to draw.
    public mutating func drawBox(_ rect: Rect, style: Style = .plain, title: String? = nil, titleStyle: Style? = nil) {
        drawBox(rect, style: style, title: title, titleStyle: titleStyle, clip: bounds)
    }

    mutating func drawBox(_ rect: Rect, style: Style, title: String?, titleStyle: Style?, clip: Rect) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let left = rect.column, right = rect.maxColumn - 1, top = rect.row, bottom = rect.maxRow - 1
        fill(Rect(column: left + 1, row: top, width: rect.width - 2, height: 1), with: "─", style: style, clip: clip)
        fill(Rect(column: left + 1, row: bottom, width: rect.width - 2, height: 1), with: "─", style: style, clip: clip)
        fill(Rect(column: left, row: top + 1, width: 1, height: rect.height - 2), with: "│", style: style, clip: clip)
        fill(Rect(column: right, row: top + 1, width: 1, height: rect.height - 2), with: "│", style: style, clip: clip)
        for (character, column, row) in [("┌", left, top), ("┐", right, top), ("└", left, bottom), ("┘", right, bottom)] as [(Character, Int, Int)] {
            fill(Rect(column: column, row: row, width: 1, height: 1), with: character, style: style, clip: clip)
        }
        if let title, rect.width > 4 {
            put(title, at: Point(column: left + 2, row: top), style: titleStyle ?? style, maxWidth: rect.width - 4,
                truncation: .ellipsis, clip: clip)
        }
    }
}
