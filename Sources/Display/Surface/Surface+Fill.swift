extension Surface {
    /// Sets every cell of `rect` (cut to the surface) to `character` in `style`: a background, a
    /// separator line. A wide `character` fills as many whole pairs as fit, then a space.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        fill(rect, with: character, style: style, clip: bounds)
    }

    /// Every cell a space in `style`.
    public mutating func clear(style: Style = .plain) {
        // In place: a screen is cleared every frame, and a new array would be a new allocation.
        let blank = Cell.blank(style)
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: blank) }
    }

    mutating func fill(_ rect: Rect, with character: Character, style: Style, clip: Rect) {
        let area = rect.intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = Cell(character, style: style)
        if cell.width == 1 {
            // The common case (backgrounds, separators): only the two ends can cut a wide
            // character in half, so repair those and set the rest in one pass.
            for row in area.row ..< area.maxRow {
                withRow(row) { cells in
                    Surface.write(cell, column: area.column, in: cells)
                    Surface.write(cell, column: area.maxColumn - 1, in: cells)
                    UnsafeMutableBufferPointer(rebasing: cells[area.column ..< area.maxColumn]).update(repeating: cell)
                }
            }
            return
        }
        for row in area.row ..< area.maxRow {
            withRow(row) { cells in
                var column = area.column
                while column < area.maxColumn {
                    let fits = column + cell.width <= area.maxColumn
                    Surface.write(fits ? cell : .blank(style), column: column, in: cells)
                    column += fits ? cell.width : 1
                }
            }
        }
    }
}
