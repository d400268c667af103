/// A region of a surface to draw into: coordinates are local to the region (0, 0 is its top-left
/// cell) and nothing drawn through it lands outside it, so a controller can be handed the rect
/// its layout gave it and draw without knowing where that is. The one exception is the repair of
/// a wide character cut in half at the region's edge: its outer half becomes a space, because a
/// grid with half a glyph in it would move everything after it on the terminal.
///
/// Made by `Surface.draw(in:_:)`; a canvas holds the surface only while the closure runs.
public struct Canvas: Sendable {
    var surface: Surface
    /// The region in surface coordinates (may reach outside the surface; drawing is cut to it).
    public let frame: Rect
    /// What may be drawn: `frame`, cut to the surface and to any enclosing canvas.
    let clip: Rect

    init(surface: Surface, frame: Rect, clip: Rect) {
        self.surface = surface
        self.frame = frame
        self.clip = clip
    }

    public var size: Size { frame.size }
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    private func absolute(_ point: Point) -> Point {
        Point(column: point.column + frame.column, row: point.row + frame.row)
    }

    private func absolute(_ rect: Rect) -> Rect { rect.offsetBy(columns: frame.column, rows: frame.row) }

    /// The cell at a local position; nil outside the surface.
    public subscript(column: Int, row: Int) -> Cell? {
        let point = absolute(Point(column: column, row: row))
        return surface.bounds.contains(point) ? surface[point.column, point.row] : nil
    }

    /// `Surface.put`, in local coordinates, cut at the canvas's right edge too. Returns the local
    /// column just past what was drawn.
    @discardableResult
    public mutating func put(_ text: String, at point: Point, style: Style = .plain,
                             maxWidth: Int? = nil, truncation: Truncation = .ellipsis) -> Int {
        surface.put(text, at: absolute(point), style: style, maxWidth: maxWidth, truncation: truncation,
                    clip: clip) - frame.column
    }

    @discardableResult
    public mutating func put(_ text: String, column: Int, row: Int, style: Style = .plain,
                             maxWidth: Int? = nil, truncation: Truncation = .ellipsis) -> Int {
        put(text, at: Point(column: column, row: row), style: style, maxWidth: maxWidth, truncation: truncation)
    }

    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        surface.fill(absolute(rect), with: character, style: style, clip: clip)
    }

    /// The whole region a space in `style`.
    public mutating func clear(style: Style = .plain) {
        fill(bounds, style: style)
    }

    public mutating func drawBox(_ rect: Rect, style: Style = .plain, title: String? = nil, titleStyle: Style? = nil) {
        surface.drawBox(absolute(rect), style: style, title: title, titleStyle: titleStyle, clip: clip)
    }

    /// A region of this region (local coordinates), cut to it.
    public mutating func draw<Result>(in rect: Rect, _ body: (inout Canvas) throws -> Result) rethrows -> Result {
        let frame = absolute(rect)
        var inner = Canvas(surface: Surface(), frame: frame, clip: frame.intersection(clip))
        swap(&surface, &inner.surface)
        defer { swap(&surface, &inner.surface) }
        return try body(&inner)
    }
}

extension Surface {
    /// Runs `body` with a canvas onto `rect`: local coordinates, drawing cut to the rect. The
    /// surface is moved into the canvas, not copied, and moved back when `body` returns.
    public mutating func draw<Result>(in rect: Rect, _ body: (inout Canvas) throws -> Result) rethrows -> Result {
        var canvas = Canvas(surface: Surface(), frame: rect, clip: rect.intersection(bounds))
        swap(&self, &canvas.surface)
        defer { swap(&self, &canvas.surface) }
        return try body(&canvas)
    }
}
