/// The screen in memory: a `width` × `height` grid of cells that controllers draw into and a
/// backend copies to the terminal (through `diff`, only what changed). It knows nothing of
/// terminals, so every drawing rule is testable here.
///
/// Invariant: a wide cell is always followed by its continuation, and a continuation always
/// follows a wide cell. Every write keeps it: writing over either half of a wide character turns
/// the other half into a space in that character's style, so nothing else on the row moves.
public struct Surface: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Row-major. Changed only through `write` and `clear`, which keep the invariant.
    var cells: [Cell]

    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    /// An empty surface, cheap to make (used as a placeholder while a canvas holds the real one).
    init() { self.init(width: 0, height: 0) }

    public var size: Size { Size(width: width, height: height) }
    public var bounds: Rect { Rect(column: 0, row: 0, width: width, height: height) }

    public subscript(column: Int, row: Int) -> Cell {
        precondition(column >= 0 && column < width && row >= 0 && row < height, "cell outside the surface")
        return cells[row * width + column]
    }

    /// One row's cells, continuations included.
    public func row(_ row: Int) -> ArraySlice<Cell> {
        cells[row * width ..< (row + 1) * width]
    }

    /// Writes `cell` at `column`, `row` (and its continuation after it, if wide), repairing any
    /// wide character it cuts in half. The caller keeps the cell (and continuation) on the surface.
    mutating func write(_ cell: Cell, column: Int, row: Int) {
        withRow(row) { cells in Surface.write(cell, column: column, in: cells) }
    }

    /// `body` with one row's cells, writable in place: one uniqueness check for the whole row
    /// rather than one per cell, which is most of the cost of drawing a line of text.
    mutating func withRow<Result>(_ row: Int, _ body: (UnsafeMutableBufferPointer<Cell>) -> Result) -> Result {
        let start = row * width, end = start + width
        return cells.withUnsafeMutableBufferPointer { all in
            body(UnsafeMutableBufferPointer(rebasing: all[start ..< end]))
        }
    }

    /// The one place a cell is written: the repairs that keep wide characters whole.
    static func write(_ cell: Cell, column: Int, in row: UnsafeMutableBufferPointer<Cell>) {
        let last = column + max(cell.width, 1) - 1  // the last column this covers
        // The left half of a wide character whose right half this covers becomes a space.
        if row[column].isContinuation && column > 0 {
            row[column - 1] = .blank(row[column - 1].style)
        }
        // The right half of a wide character whose left half this covers becomes a space.
        if row[last].isWide && last + 1 < row.count {
            row[last + 1] = .blank(row[last + 1].style)
        }
        row[column] = cell
        if cell.isWide { row[column + 1] = .continuation(cell.style) }
    }
}
