import Testing
@testable import Display

/// A picture's cells copied straight in draw exactly what drawing each element as text draws:
/// inside the canvas, cut at each of its edges, with a wide character or a control among them.
@Suite("CellGrid drawing")
struct CellGridDrawingTests {
    static let glyphs: [Character] = ["▀", "▄", "█", " ", "x", "\u{10EEEE}\u{305}\u{30D}", "界", "\u{7}", "é"]

    static func grid(_ seed: Int, width: Int, height: Int, glyphs: [Character]) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        for row in 0 ..< height {
            for column in 0 ..< width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let character = glyphs[Int(state >> 33) % glyphs.count]
                let background: Color? = state & 4 == 0 ? nil : .rgb(UInt8(truncatingIfNeeded: state >> 8), 30, 60)
                grid[column, row] = CellGrid.Element(character, foreground: .rgb(200, UInt8(truncatingIfNeeded: state >> 16), 10),
                                                     background: background)
            }
        }
        return grid
    }

    /// The drawing as it was before the copy: each element put as text, one column (two for a wide one).
    static func drawnAsText(_ grid: CellGrid, at point: Point, over below: Style, in canvas: inout Canvas) {
        for row in 0 ..< grid.height {
            var column = 0
            while column < grid.width {
                let element = grid[column, row]
                let text = String(element.character)
                let width = TextWidth.of(text) == 2 && column + 1 < grid.width ? 2 : 1
                canvas.put(text, column: point.column + column, row: point.row + row,
                           style: element.style(over: below), maxWidth: width, truncation: .clip)
                column += width
            }
        }
    }

    @Test(arguments: [0, 1, 2, 3])
    func copiedCellsEqualTheTextDrawing(variant: Int) {
        let below = Style(foreground: .default, background: .rgb(1, 2, 3))
        // Variant 0: pictures' own glyphs only (the copy); the others mix in wide ones and controls.
        let glyphs = variant == 0 ? Array(Self.glyphs.prefix(6)) : Self.glyphs
        for seed in 0 ..< 20 {
            let grid = Self.grid(seed * 10 + variant, width: 6, height: 3, glyphs: glyphs)
            // Inside, and cut at the left, right, top and bottom of a canvas at (2, 1) sized 10×4.
            for point in [Point(column: 2, row: 0), Point(column: -3, row: 0), Point(column: 7, row: 1),
                          Point(column: 1, row: -2), Point(column: 0, row: 2)] {
                var copied = Surface(width: 16, height: 7, style: below)
                var asText = copied
                copied.draw(in: Rect(column: 2, row: 1, width: 10, height: 4)) { $0.draw(grid, at: point, over: below) }
                asText.draw(in: Rect(column: 2, row: 1, width: 10, height: 4)) { Self.drawnAsText(grid, at: point, over: below, in: &$0) }
                #expect(copied == asText, "seed \(seed) at \(point)")
            }
        }
    }
}
