/// One row of a list: a title on the left, an optional detail on the right (a date, a count), an
/// optional badge, a second line under the title where the list shows two-line rows, and an
/// optional leading picture (an avatar) in the columns the list reserves for it (`leadingColumns`).
public struct ListItem: Hashable, Sendable {
    public var title: String
    public var subtitle: String?
    public var detail: String?
    public var badge: String?
    /// Drawn at the row's left, cut to the list's `leadingColumns` × row height.
    public var leading: CellGrid?

    public init(title: String, subtitle: String? = nil, detail: String? = nil, badge: String? = nil,
                leading: CellGrid? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.detail = detail
        self.badge = badge
        self.leading = leading
    }
}
