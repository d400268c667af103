/// A controller's entry in a tab bar (Telegram's `UITabBarItem` use): its title and badge. Set on
/// the controller and read every frame, so a badge changes the moment it is set.
public struct TabBarItem: Hashable, Sendable {
    public var title: String
    /// "3", "99+", "•"; nil for none.
    public var badge: String?

    public init(title: String, badge: String? = nil) {
        self.title = title
        self.badge = badge
    }
}
