/// A cell position: `column` from the left, `row` from the top, both from 0.
public struct Point: Hashable, Sendable {
    public var column: Int
    public var row: Int
    public init(column: Int, row: Int) { self.column = column; self.row = row }
    public static let zero = Point(column: 0, row: 0)
}

/// A size in cells.
public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

/// A rectangle of cells: columns `column ..< column + width`, rows `row ..< row + height`.
/// A negative width or height is treated as empty.
public struct Rect: Hashable, Sendable {
    public var column: Int
    public var row: Int
    public var width: Int
    public var height: Int

    public init(column: Int, row: Int, width: Int, height: Int) {
        self.column = column; self.row = row; self.width = width; self.height = height
    }

    public init(origin: Point, size: Size) {
        self.init(column: origin.column, row: origin.row, width: size.width, height: size.height)
    }

    public var origin: Point { Point(column: column, row: row) }
    public var size: Size { Size(width: width, height: height) }
    /// One past the last column and row.
    public var maxColumn: Int { column + max(width, 0) }
    public var maxRow: Int { row + max(height, 0) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func contains(_ point: Point) -> Bool {
        point.column >= column && point.column < maxColumn && point.row >= row && point.row < maxRow
    }

    /// The cells in both; an empty rectangle when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(column, other.column), top = max(row, other.row)
        let right = min(maxColumn, other.maxColumn), bottom = min(maxRow, other.maxRow)
        return Rect(column: left, row: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// Shrunk by `columns` on the left and right and `rows` at the top and bottom.
    public func insetBy(columns: Int, rows: Int) -> Rect {
        Rect(column: column + columns, row: row + rows,
             width: max(width - 2 * columns, 0), height: max(height - 2 * rows, 0))
    }

    public func offsetBy(columns: Int, rows: Int) -> Rect {
        Rect(column: column + columns, row: row + rows, width: width, height: height)
    }
}
