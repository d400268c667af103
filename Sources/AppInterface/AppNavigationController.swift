import Display

/// The app's navigation controller: what no screen takes reaches it last — `?` shows the keys,
/// `q` on a root screen quits (a chat's composer and the text fields take both letters; a sheet
/// keeps every key). `onKey` sees keys that act across screens first (a banner's `^O`).
@MainActor
final class AppNavigationController: NavigationController {
    var onQuit: (() -> Void)?
    var onHelp: (() -> Void)?
    var onKey: ((KeyEvent) -> Bool)?

    override func handle(_ event: InputEvent) -> Bool {
        if case .key(let key) = event, let onKey, onKey(key) { return true }
        if super.handle(event) { return true }
        guard case .key(let key) = event else { return false }
        if key.plainCharacter == "?", let onHelp {
            onHelp()
            return true
        }
        if key.plainCharacter == "q", let onQuit {
            onQuit()
            return true
        }
        return false
    }

    /// The screen's keys, then `?` and `q` where they reach this controller (not into a text
    /// field, not in a sheet), else `^C`, which quits from anywhere.
    override var keyHints: [KeyHintItem] {
        let typing = focusedController?.takesTextInput ?? false
        let inSheet = focusedController.map { $0 !== viewControllers.first && $0.navigationPresentation != .default && $0.navigationPresentation != .master } ?? false
        var hints = super.keyHints
        if !typing && !inSheet { hints.append(KeyHintItem("?", "help")) }
        hints.append(!typing && !inSheet && viewControllers.count <= 1 ? KeyHintItem("q", "quit") : KeyHintItem("^C", "quit"))
        return hints
    }
}
