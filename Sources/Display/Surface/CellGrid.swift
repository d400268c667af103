/// A small picture made of cells, drawn as a block: an avatar in a list row, say (a photo turned
/// into half blocks, or initials on a colour). Each element is one column; a wide character covers
/// the element after it too (which is then not drawn). An element's background may
/// be left to what it is drawn over (`background == nil`), so a round picture's corners take the
/// row's own background, selected or not.
public struct CellGrid: Hashable, Sendable {
    public struct Element: Hashable, Sendable {
        /// Drawn in one column, or two for a wide character with a column after it in the grid (in
        /// the last column it is drawn as a space, as at any limit).
        public var character: Character
        public var foreground: Color
        /// Nil: the background of what the grid is drawn over.
        public var background: Color?
        public var attributes: Style.Attributes

        public init(_ character: Character = " ", foreground: Color = .default, background: Color? = nil,
                    attributes: Style.Attributes = []) {
            self.character = character
            self.foreground = foreground
            self.background = background
            self.attributes = attributes
        }

        /// This element's style over `below`'s background.
        public func style(over below: Style) -> Style {
            Style(foreground: foreground, background: background ?? below.background, attributes: attributes)
        }
    }

    public let width: Int
    public let height: Int
    /// Row-major, `width × height`.
    public private(set) var elements: [Element]
    /// Each element's character as the one one-column cluster a cell holds, or nil when it is
    /// anything else (wide, or made into several clusters or none): worked out when the element
    /// is set — off the frame path for a picture — so a frame copies cells instead of measuring
    /// each one again as text.
    private(set) var narrowClusters: [DisplayCluster?]

    /// A `width × height` grid of `fill` (by default a space over what is below: nothing drawn).
    public init(width: Int, height: Int, fill: Element = Element()) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        elements = Array(repeating: fill, count: self.width * self.height)
        narrowClusters = Array(repeating: CellGrid.narrowCluster(fill.character), count: self.width * self.height)
    }

    static func narrowCluster(_ character: Character) -> DisplayCluster? {
        let clusters = DisplayText.clusters(String(character))
        return clusters.count == 1 && clusters[0].width == 1 ? clusters[0] : nil
    }

    public subscript(column: Int, row: Int) -> Element {
        get {
            precondition(column >= 0 && column < width && row >= 0 && row < height, "element outside the grid")
            return elements[row * width + column]
        }
        set {
            precondition(column >= 0 && column < width && row >= 0 && row < height, "element outside the grid")
            if elements[row * width + column].character != newValue.character {
                narrowClusters[row * width + column] = CellGrid.narrowCluster(newValue.character)
            }
            elements[row * width + column] = newValue
        }
    }
}

extension Canvas {
    /// Draws `grid` with its top-left cell at `point` (local), cut to `size` (at most the grid's)
    /// and to the canvas; elements with no background of their own take `below`'s.
    public mutating func draw(_ grid: CellGrid, at point: Point, over below: Style, size: Size? = nil) {
        let columns = min(size?.width ?? grid.width, grid.width)
        let rows = min(size?.height ?? grid.height, grid.height)
        guard columns > 0, rows > 0 else { return }
        let origin = Point(column: point.column + frame.column, row: point.row + frame.row)
        let clip = self.clip.intersection(surface.bounds)
        for row in 0 ..< rows {
            let y = origin.row + row
            guard y >= clip.row && y < clip.maxRow else { continue }
            let start = row * grid.width
            // A row of one-column cells wholly inside the clip (a picture's, nearly always): its
            // cells written straight in, one row at a time.
            if origin.column >= clip.column && origin.column + columns <= clip.maxColumn,
               !grid.narrowClusters[start ..< start + columns].contains(where: { $0 == nil }) {
                surface.withRow(y) { cells in
                    for column in 0 ..< columns {
                        let cell = Cell(cluster: grid.narrowClusters[start + column]!, style: grid.elements[start + column].style(over: below))
                        Surface.write(cell, column: origin.column + column, in: cells)
                    }
                }
                continue
            }
            var column = 0
            while column < columns {
                let element = grid[column, row]
                let text = String(element.character)
                // A wide character covers the next element too, when the grid has room for it.
                let width = TextWidth.of(text) == 2 && column + 1 < columns ? 2 : 1
                put(text, column: point.column + column, row: point.row + row,
                    style: element.style(over: below), maxWidth: width, truncation: .clip)
                column += width
            }
        }
    }
}
