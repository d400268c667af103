import Display

/// The cells a sixel picture is drawn over, and how the frame's placements are read back from
/// them. Each marker cell is a space (so curses shows nothing there before or between the
/// pixels) whose foreground — invisible on a space — names the picture and its row: tag bits,
/// a 15-bit id, a 6-bit row. What the chat draws over it, cuts off at an edge, or dims under a
/// sheet is no longer a marker, so the placements found are exactly the rows still uncovered —
/// the same idea as kitty's placeholder cells, read by the app instead of the terminal.
public enum SixelMarker {
    /// Ids are 1 ..< maxId.
    public static let maxId = 1 << 15
    /// Rows a picture may have.
    public static let maxRows = 1 << 6
    private static let tag = 0b101 << 21

    /// The marker colour of `picture`'s row `row`; nil outside the ranges.
    public static func color(picture: Int, row: Int) -> Color? {
        guard picture > 0, picture < maxId, row >= 0, row < maxRows else { return nil }
        let value = tag | picture << 6 | row
        return .rgb(UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff))
    }

    /// The picture and row a marker colour names; nil for any other colour.
    public static func decode(_ color: Color) -> (picture: Int, row: Int)? {
        guard case .rgb(let r, let g, let b) = color else { return nil }
        let value = Int(r) << 16 | Int(g) << 8 | Int(b)
        guard value >> 21 == tag >> 21 else { return nil }
        let picture = value >> 6 & (maxId - 1)
        return picture > 0 ? (picture, value & (maxRows - 1)) : nil
    }

    /// The cells that show `picture`, `columns × rows`; nil outside the ranges.
    public static func cells(picture: Int, columns: Int, rows: Int) -> CellGrid? {
        guard columns > 0, rows > 0, rows <= maxRows, color(picture: picture, row: 0) != nil else { return nil }
        var grid = CellGrid(width: columns, height: rows)
        for row in 0 ..< rows {
            let element = CellGrid.Element(" ", foreground: color(picture: picture, row: row)!)
            for column in 0 ..< columns { grid[column, row] = element }
        }
        return grid
    }

    /// A space, not dimmed: a screen dimmed under a sheet shows no pixels (they cannot be dimmed).
    private static func isMarker(_ cell: Cell) -> Bool {
        cell.character == " " && !cell.style.attributes.contains(.dim)
    }

    /// The placements `surface` shows: for each picture `size(of:)` knows, its rows whose whole
    /// width of marker cells is on screen, in runs of consecutive rows at one column. The
    /// surface's last row is never given pixels: a sixel ending on it could scroll the terminal.
    public static func placements(in surface: Surface, size: (Int) -> Size?) -> [SixelPlacement] {
        var found: [SixelPlacement] = []
        // The run being built per picture: its first row, origin and the next row expected.
        var open: [Int: (rows: Range<Int>, origin: Point, columns: Int)] = [:]
        for screenRow in 0 ..< max(surface.height - 1, 0) {
            var seen: Set<Int> = []
            var column = 0
            while column < surface.width {
                let cell = surface[column, screenRow]
                guard isMarker(cell), let (picture, row) = decode(cell.style.foreground) else { column += 1; continue }
                var end = column + 1
                while end < surface.width, isMarker(surface[end, screenRow]),
                      surface[end, screenRow].style.foreground == cell.style.foreground { end += 1 }
                defer { column = end }
                guard let pictureSize = size(picture), end - column == pictureSize.width, row < pictureSize.height else { continue }
                seen.insert(picture)
                if let run = open[picture], run.origin.column == column, run.rows.upperBound == row,
                   run.origin.row + run.rows.count == screenRow {
                    open[picture] = (run.rows.lowerBound ..< row + 1, run.origin, run.columns)
                } else {
                    if let run = open[picture] { found.append(SixelPlacement(picture: picture, rows: run.rows, columns: run.columns, origin: run.origin)) }
                    open[picture] = (row ..< row + 1, Point(column: column, row: screenRow), pictureSize.width)
                }
            }
            // A picture not continued on this row has ended.
            for (picture, run) in open where !seen.contains(picture) {
                found.append(SixelPlacement(picture: picture, rows: run.rows, columns: run.columns, origin: run.origin))
                open[picture] = nil
            }
        }
        for (picture, run) in open {
            found.append(SixelPlacement(picture: picture, rows: run.rows, columns: run.columns, origin: run.origin))
        }
        return found.sorted { ($0.origin.row, $0.origin.column) < ($1.origin.row, $1.origin.column) }
    }
}
