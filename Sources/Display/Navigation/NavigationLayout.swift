/// The root container's arrangement (Telegram's `RootNavigationLayout`).
public enum RootNavigationLayout<Entry: NavigationLayoutEntry> {
    /// One stack, bottom first.
    case flat([Entry])
    /// Two columns: `.master` controllers on the left, the rest on the right, each bottom first.
    case split(master: [Entry], detail: [Entry])
}

/// One modal container and what it holds (Telegram's `ModalContainerLayout`).
public struct ModalContainerLayout<Entry: NavigationLayoutEntry> {
    public var controllers: [Entry]
    /// Shown without the sheet (started by `flatModal` or `standaloneFlatModal`).
    public var isFlat: Bool
    /// Plain pushes open a new container above it instead of joining it.
    public var isStandalone: Bool

    public init(controllers: [Entry], isFlat: Bool, isStandalone: Bool) {
        self.controllers = controllers; self.isFlat = isFlat; self.isStandalone = isStandalone
    }
}

/// Where each controller of a navigation controller's flat list goes: the root container and the
/// modal containers above it, lowest first (Telegram's `NavigationLayout`).
public struct NavigationLayout<Entry: NavigationLayoutEntry> {
    public var root: RootNavigationLayout<Entry>
    public var modals: [ModalContainerLayout<Entry>]

    public init(root: RootNavigationLayout<Entry>, modals: [ModalContainerLayout<Entry>]) {
        self.root = root; self.modals = modals
    }
}

extension RootNavigationLayout: Equatable where Entry: Equatable {}
extension RootNavigationLayout: Sendable where Entry: Sendable {}
extension ModalContainerLayout: Equatable where Entry: Equatable {}
extension ModalContainerLayout: Sendable where Entry: Sendable {}
extension NavigationLayout: Equatable where Entry: Equatable {}
extension NavigationLayout: Sendable where Entry: Sendable {}
