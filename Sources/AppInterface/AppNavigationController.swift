import Display

/// The app's navigation controller: what no screen takes, `q` included, reaches it last. `q` left
/// unhandled on a root screen quits (a chat's composer takes the letter; a sheet keeps every key).
@MainActor
final class AppNavigationController: NavigationController {
    var onQuit: (() -> Void)?

    override func handle(_ event: InputEvent) -> Bool {
        if super.handle(event) { return true }
        if case .key(let key) = event, key.plainCharacter == "q", onQuit != nil {
            onQuit?()
            return true
        }
        return false
    }
}
