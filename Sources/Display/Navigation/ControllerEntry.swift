/// A controller as `makeNavigationLayout` sees it. The rule is a pure function over plain values
/// (tested without controllers); this snapshot taken on the main actor lets controllers use it.
struct ControllerEntry: NavigationLayoutEntry {
    let controller: ViewController
    let id: ObjectIdentifier
    let navigationPresentation: NavigationPresentation

    @MainActor
    init(_ controller: ViewController) {
        self.controller = controller
        self.id = ObjectIdentifier(controller)
        self.navigationPresentation = controller.navigationPresentation
    }
}
