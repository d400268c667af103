/// UIKit's size class, one per axis: screens choose their arrangement from it, not from raw sizes.
public enum LayoutSizeClass: Hashable, Sendable {
    case compact
    case regular
}

/// The size classes of a layout (Telegram's `LayoutMetrics`, without the iPad/iPhone device
/// details a terminal does not have).
public struct LayoutMetrics: Hashable, Sendable {
    /// Columns from which the width is regular. 120 is the narrowest terminal that holds the
    /// split view's 40-column master list (`NavigationSplitLayout.minimumMasterWidth`, Telegram's
    /// 320 points) beside an 80-column detail, the classic terminal width a chat is written for.
    /// An 80- or 100-column terminal is compact, like an iPhone: one stack.
    public static let regularWidthThreshold = 120

    /// Rows from which the height is regular. The VT100's 24 rows (and most default windows,
    /// 24–30 rows) leave too little room for a modal sheet with content visible around it once the
    /// status, navigation and input rows are taken, so they are compact, like a phone in landscape;
    /// 32 rows leave a sheet roughly iPad proportions.
    public static let regularHeightThreshold = 32

    public var widthClass: LayoutSizeClass
    public var heightClass: LayoutSizeClass

    public init(widthClass: LayoutSizeClass, heightClass: LayoutSizeClass) {
        self.widthClass = widthClass; self.heightClass = heightClass
    }

    /// The classes a terminal of `size` cells gets: regular on each axis at or above its threshold.
    public init(size: Size) {
        widthClass = size.width >= Self.regularWidthThreshold ? .regular : .compact
        heightClass = size.height >= Self.regularHeightThreshold ? .regular : .compact
    }
}
