/// The split root's column widths (Telegram's `NavigationSplitContainer`).
public enum NavigationSplitLayout {
    /// The narrowest master column: 40 columns, Telegram's 320 points (an iPhone's width) in cells,
    /// room for a chat list row's avatar, title and date.
    public static let minimumMasterWidth = 40

    /// The master column's width for a split `width` columns wide: a third, at least
    /// `minimumMasterWidth`, never more than half. Telegram's `min(max(320, w/3), w/2)`; integer
    /// division rounds down as Telegram's `floor` does.
    public static func masterWidth(forWidth width: Int) -> Int {
        min(max(minimumMasterWidth, width / 3), width / 2)
    }
}
