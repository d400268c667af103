/// One row of a list: a title on the left, an optional detail on the right (a date, a count), an
/// optional badge, and a second line under the title where the list shows two-line rows.
public struct ListItem: Hashable, Sendable {
    public var title: String
    public var subtitle: String?
    public var detail: String?
    public var badge: String?

    public init(title: String, subtitle: String? = nil, detail: String? = nil, badge: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.detail = detail
        self.badge = badge
    }
}
