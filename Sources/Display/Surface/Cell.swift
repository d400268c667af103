/// One cell of the surface: a grapheme cluster, the columns it takes, and its style.
///
/// A wide (2-column) cluster is stored in its left cell; the cell to its right is a
/// *continuation* that holds nothing and says "the glyph on my left covers me". The surface keeps
/// the two together: they are written, overwritten and repaired as a pair.
///
/// A cell's cluster always comes through `DisplayText`, so it never holds a control character,
/// is never zero-width, and is never wider than 2.
public struct Cell: Hashable, Sendable {
    /// The cluster, stored as a plain value (`Glyph`); a space in a continuation cell.
    var glyph: Glyph
    /// 1 or 2; 0 for a continuation cell. One byte: the cell is copied often.
    private var columns: UInt8
    public var style: Style

    /// The cluster; a space in a continuation cell.
    public var character: Character { glyph.character }
    /// 1 or 2; 0 for a continuation cell.
    public var width: Int { Int(columns) }

    /// A cell for `character`, made safe the way `DisplayText` makes every drawn cluster: a
    /// control becomes its stand-in, a lone mark sits on `◌`, and a zero-width cluster that
    /// cannot be shown becomes a space.
    public init(_ character: Character, style: Style = .plain) {
        let cluster = DisplayText.clusters(String(character)).first
        self.init(cluster: cluster ?? DisplayCluster(character: " ", width: 1), style: style)
    }

    init(cluster: DisplayCluster, style: Style) {
        self.glyph = cluster.character == " " ? .space : Glyph(cluster.character, width: cluster.width)
        self.columns = UInt8(cluster.width)
        self.style = style
    }

    private init(continuationWith style: Style) {
        self.glyph = .space
        self.columns = 0
        self.style = style
    }

    /// A space in `style`: what clearing and repairs leave.
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(blankWith: style)
    }

    /// A printable ASCII byte (0x20…0x7E), which is always a cluster of its own, one column wide.
    init(ascii byte: UInt8, style: Style) {
        self.glyph = Glyph(ascii: byte)
        self.columns = 1
        self.style = style
    }

    private init(blankWith style: Style) {
        self.glyph = .space
        self.columns = 1
        self.style = style
    }

    /// The right half of a wide cell in `style`.
    static func continuation(_ style: Style) -> Cell { Cell(continuationWith: style) }

    public var isContinuation: Bool { width == 0 }
    /// The cell's printable ASCII byte (0x20…0x7E), if that is all it holds: most cells of a
    /// frame, drawn by a backend without making a `Character`.
    public var printableASCII: UInt8? {
        guard columns == 1, let byte = glyph.asciiByte, byte >= 0x20, byte < 0x7F else { return nil }
        return byte
    }
    public var isWide: Bool { width == 2 }
}
