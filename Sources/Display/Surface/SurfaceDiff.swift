/// A stretch of changed cells on one row: what a backend moves the cursor to and writes.
public struct SurfaceRun: Hashable, Sendable {
    public let row: Int
    public let column: Int
    /// The new cells, continuations included (a backend skips them: the wide glyph before
    /// covers them).
    public let cells: [Cell]

    /// The clusters to write, continuations left out.
    public var text: String {
        var text = ""
        for cell in cells where !cell.isContinuation { text.append(cell.character) }
        return text
    }
}

extension Surface {
    /// The runs of cells that differ from `old`, row by row, left to right. A run never starts on
    /// a continuation or ends on the left half of a wide character, so writing the runs' text at
    /// their columns redraws whole glyphs. Against a surface of another size, every row is one run.
    public func diff(from old: Surface) -> [SurfaceRun] {
        guard old.width == width, old.height == height else {
            return (0 ..< height).map { SurfaceRun(row: $0, column: 0, cells: Array(row($0))) }
        }
        var runs: [SurfaceRun] = []
        for rowIndex in 0 ..< height {
            let base = rowIndex * width
            // Most rows of a frame are unchanged: equal bytes are equal cells (a cell is a plain
            // value), so one memcmp settles the row. Unequal bytes may still be equal cells
            // (padding), which the cell-by-cell pass below sorts out.
            if rowBytesEqual(old, base) { continue }
            var column = 0
            var pending: Range<Int>? = nil  // columns of the run being built
            while column < width {
                guard cells[base + column] != old.cells[base + column] else { column += 1; continue }
                var start = column
                if cells[base + start].isContinuation && start > 0 { start -= 1 }
                var end = column + 1  // exclusive
                while end < width && (cells[base + end] != old.cells[base + end] || cells[base + end].isContinuation) {
                    end += 1
                }
                if let current = pending, current.upperBound >= start {
                    pending = current.lowerBound ..< end
                } else {
                    if let current = pending { runs.append(run(rowIndex, current)) }
                    pending = start ..< end
                }
                column = end
            }
            if let current = pending { runs.append(run(rowIndex, current)) }
        }
        return runs
    }

    private func rowBytesEqual(_ old: Surface, _ base: Int) -> Bool {
        cells.withUnsafeBytes { new in
            old.cells.withUnsafeBytes { previous in
                let stride = MemoryLayout<Cell>.stride
                let start = base * stride, end = start + width * stride
                var offset = start
                while offset + 8 <= end {
                    if new.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        != previous.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                    offset += 8
                }
                while offset < end {
                    if new[offset] != previous[offset] { return false }
                    offset += 1
                }
                return true
            }
        }
    }

    private func run(_ rowIndex: Int, _ columns: Range<Int>) -> SurfaceRun {
        let base = rowIndex * width
        return SurfaceRun(row: rowIndex, column: columns.lowerBound,
                          cells: Array(cells[base + columns.lowerBound ..< base + columns.upperBound]))
    }
}
