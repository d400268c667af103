/// Where a controller's parts go inside its frame (Telegram's `navigationLayout(layout:)`): the
/// navigation bar at the top below the status bar, the toolbar at the bottom above the insets,
/// the content between. In the controller's own coordinates.
public struct ControllerLayout: Hashable, Sendable {
    public var navigationBar: Rect?
    public var content: Rect
    public var toolbar: Rect?

    public init(navigationBar: Rect?, content: Rect, toolbar: Rect?) {
        self.navigationBar = navigationBar
        self.content = content
        self.toolbar = toolbar
    }
}
