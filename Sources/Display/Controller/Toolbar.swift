/// A row of items at the bottom of a controller (Telegram's `Toolbar`): a chat list's edit
/// actions, a media viewer's share and delete. The controller's content is laid out above it.
@MainActor
public struct Toolbar {
    public var items: [BarButtonItem]
    public init(items: [BarButtonItem]) { self.items = items }

    /// One row.
    public static let height = 1
}
