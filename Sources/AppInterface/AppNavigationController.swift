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
        switch keyBindings.action(for: key, in: .global) {
        case .global(.help)? where onHelp != nil:
            onHelp?()
            return true
        case .global(.quit)? where onQuit != nil:
            onQuit?()
            return true
        default:
            return false
        }
    }

    /// The screen's keys, then `?` and `q` where they reach this controller (not into a text
    /// field, not in a sheet), else `^C`, which quits from anywhere.
    override var keyHints: [KeyHintItem] {
        let typing = focusedController?.takesTextInput ?? false
        let inSheet = focusedController.map { $0 !== viewControllers.first && $0.navigationPresentation != .default && $0.navigationPresentation != .master } ?? false
        var hints = super.keyHints
        let help = keyBindings.hint(for: .global(.help)), quit = keyBindings.hint(for: .global(.quit))
        if !typing && !inSheet, let help { hints.append(KeyHintItem(help, "help")) }
        if !typing && !inSheet && viewControllers.count <= 1, let quit {
            hints.append(KeyHintItem(quit, "quit"))
        } else {
            hints.append(KeyHintItem("^C", "quit"))
        }
        return hints
    }
}
