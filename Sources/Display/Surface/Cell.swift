/// One cell of the surface: a grapheme cluster, the columns it takes, and its style.
///
/// A wide (2-column) cluster is stored in its left cell; the cell to its right is a
/// *continuation* that holds nothing and says "the glyph on my left covers me". The surface keeps
/// the two together: they are written, overwritten and repaired as a pair.
///
/// A cell's cluster always comes through `DisplayText`, so it never holds a control character,
/// is never zero-width, and is never wider than 2.
public struct Cell: Hashable, Sendable {
    /// The cluster; a space in a continuation cell.
    public private(set) var character: Character
    /// 1 or 2; 0 for a continuation cell.
    public private(set) var width: Int
    public var style: Style

    /// A cell for `character`, made safe the way `DisplayText` makes every drawn cluster: a
    /// control becomes its stand-in, a lone mark sits on `◌`, and a zero-width cluster that
    /// cannot be shown becomes a space.
    public init(_ character: Character, style: Style = .plain) {
        let cluster = DisplayText.clusters(String(character)).first
        self.init(cluster: cluster ?? DisplayCluster(character: " ", width: 1), style: style)
    }

    init(cluster: DisplayCluster, style: Style) {
        self.character = cluster.character
        self.width = cluster.width
        self.style = style
    }

    private init(continuationWith style: Style) {
        self.character = " "
        self.width = 0
        self.style = style
    }

    /// A space in `style`: what clearing and repairs leave.
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(cluster: DisplayCluster(character: " ", width: 1), style: style)
    }

    /// The right half of a wide cell in `style`.
    static func continuation(_ style: Style) -> Cell { Cell(continuationWith: style) }

    public var isContinuation: Bool { width == 0 }
    public var isWide: Bool { width == 2 }
}
