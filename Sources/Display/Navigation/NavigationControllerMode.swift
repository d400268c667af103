/// How a navigation controller arranges its root stack (Telegram's `NavigationControllerMode`).
public enum NavigationControllerMode: Hashable, Sendable {
    /// Always one stack.
    case single
    /// Split into master and detail columns while the width class is regular; one stack when compact.
    case automaticMasterDetail
}
