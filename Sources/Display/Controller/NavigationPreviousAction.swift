/// What a navigation bar's left item does (Telegram's `NavigationPreviousAction`): go back to the
/// controller below, shown as `‹ <its title>`, or close the modal this controller opened, shown as
/// `Close`. The flat root has neither.
public enum NavigationPreviousAction: Hashable, Sendable {
    case back(title: String)
    case close
}
