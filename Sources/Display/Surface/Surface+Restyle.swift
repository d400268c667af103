extension Surface {
    /// Changes the style of every cell in `rect` (cut to the surface) without touching the text:
    /// how a backdrop dims what lies under a sheet, or a covered controller dims its content.
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        restyle(rect, clip: bounds, transform)
    }

    mutating func restyle(_ rect: Rect, clip: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row ..< area.maxRow {
            withRow(row) { cells in
                for column in area.column ..< area.maxColumn { transform(&cells[column].style) }
            }
        }
    }
}

extension Canvas {
    /// `Surface.restyle` in local coordinates, cut to the canvas.
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        surface.restyle(rect.offsetBy(columns: frame.column, rows: frame.row), clip: clip, transform)
    }

    /// Dims every cell of the canvas: the terminal's dim attribute, which every palette and a
    /// monochrome terminal share.
    public mutating func dim() {
        restyle(bounds) { $0.attributes.insert(.dim) }
    }
}
