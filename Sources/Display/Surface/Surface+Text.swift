extension Surface {
    /// Draws `text` from `point` to the right, one cell per cluster, and returns the column just
    /// past what it drew. It never draws past `maxWidth` columns, the surface's right edge or a
    /// canvas's clip, whichever comes first; text that does not fit is cut there with `…` (inside
    /// the limit) or, with `.clip`, cut at the limit. A wide character that would straddle the
    /// limit becomes a space. Text starting left of the visible area loses what is left of it.
    /// Nothing wraps: a newline in `text` is shown as `␊` (see `VisibleText`), not obeyed.
    @discardableResult
    public mutating func put(_ text: String, at point: Point, style: Style = .plain,
                             maxWidth: Int? = nil, truncation: Truncation = .ellipsis) -> Int {
        put(text, at: point, style: style, maxWidth: maxWidth, truncation: truncation, clip: bounds)
    }

    @discardableResult
    public mutating func put(_ text: String, column: Int, row: Int, style: Style = .plain,
                             maxWidth: Int? = nil, truncation: Truncation = .ellipsis) -> Int {
        put(text, at: Point(column: column, row: row), style: style, maxWidth: maxWidth,
            truncation: truncation, clip: bounds)
    }

    /// `put` limited to `clip` (in surface coordinates), for canvases.
    @discardableResult
    mutating func put(_ text: String, at point: Point, style: Style, maxWidth: Int?,
                      truncation: Truncation, clip: Rect) -> Int {
        let clip = clip.intersection(bounds)
        var limit = clip.maxColumn
        if let maxWidth { limit = min(limit, point.column + max(maxWidth, 0)) }
        guard limit > point.column else { return point.column }
        let available = limit - point.column
        if let drawn = putASCII(text, at: point, style: style, available: available, truncation: truncation, clip: clip) {
            return drawn
        }
        let clusters = truncation.fit(DisplayText.clusters(text, columns: available), in: available)
        let visibleRow = point.row >= clip.row && point.row < clip.maxRow
        guard visibleRow else { return clusters.reduce(point.column) { $0 + $1.width } }
        return withRow(point.row) { cells in
            var column = point.column
            for cluster in clusters {
                defer { column += cluster.width }
                guard column + cluster.width > clip.column else { continue }
                if column < clip.column {
                    // A wide character cut by the left edge: its visible half is a space.
                    Surface.write(.blank(style), column: clip.column, in: cells)
                } else {
                    Surface.write(Cell(cluster: cluster, style: style), column: column, in: cells)
                }
            }
            return column
        }
    }

    /// `put` for text that is all printable ASCII (most of what is drawn: names, times, labels):
    /// one byte is one cell, so no clusters are made. Nil when the text has any other byte; the
    /// general path then draws it, with the same result.
    private mutating func putASCII(_ text: String, at point: Point, style: Style, available: Int,
                                   truncation: Truncation, clip: Rect) -> Int? {
        let result: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            let fits = bytes.count <= available
            let shown = fits ? bytes.count : (truncation == .ellipsis ? available - 1 : available)
            let end = point.column + (fits ? bytes.count : available)
            guard point.row >= clip.row && point.row < clip.maxRow else { return end }
            withRow(point.row) { cells in
                for offset in 0 ..< shown where point.column + offset >= clip.column {
                    Surface.write(Cell(ascii: bytes[offset], style: style), column: point.column + offset, in: cells)
                }
                if !fits && truncation == .ellipsis && end - 1 >= clip.column {
                    Surface.write(Cell(cluster: DisplayCluster(character: "…", width: 1), style: style), column: end - 1, in: cells)
                }
            }
            return end
        }
        return result ?? nil
    }
}
