import Display

/// A sixel picture over the frame's cells: which picture (`picture`, the app's id for it), which
/// of its rows are shown (`rows`: a picture partly scrolled out or covered shows fewer), and the
/// screen cell of the top-left of what is shown. The pixels are written at `origin` after curses'
/// update; the cells under them are the picture's marker cells (`SixelMarker`).
public struct SixelPlacement: Hashable, Sendable {
    public let picture: Int
    public let rows: Range<Int>
    public let columns: Int
    public let origin: Point

    public init(picture: Int, rows: Range<Int>, columns: Int, origin: Point) {
        self.picture = picture
        self.rows = rows
        self.columns = columns
        self.origin = origin
    }

    /// The screen rows the pixels cover.
    public var screenRows: Range<Int> { origin.row ..< origin.row + rows.count }
}
