import Display

/// One overlay the app takes away by itself after a few seconds (an in-app banner, a call's
/// notice): shown over the navigation, timed by the app's one-second tick, replaced by the next
/// one. The controller is kept so a key can act on what is shown.
@MainActor
struct TimedOverlay<Controller: ViewController> {
    private(set) var controller: Controller?
    private var until: Int32 = 0

    /// Shows `controller` for `seconds` from `now`, in place of the one shown.
    mutating func show(_ controller: Controller, in navigation: NavigationController, now: Int32, seconds: Int32) {
        dismiss(from: navigation)
        navigation.presentOverlay(controller)
        self.controller = controller
        until = now + seconds
    }

    /// On each tick: gone once its time is up.
    mutating func expire(in navigation: NavigationController, now: Int32) {
        if controller != nil, now >= until { dismiss(from: navigation) }
    }

    mutating func dismiss(from navigation: NavigationController) {
        guard let controller else { return }
        navigation.dismissOverlay(controller)
        self.controller = nil
    }
}
