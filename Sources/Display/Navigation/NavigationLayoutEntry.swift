/// What `makeNavigationLayout` needs from a controller: who it is and how it asks to be shown.
/// A protocol so the rule is tested with plain values before any view controller exists.
public protocol NavigationLayoutEntry: Identifiable {
    var navigationPresentation: NavigationPresentation { get }
}
