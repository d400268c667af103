import Display
import TelegramUI

/// The app's navigation controller: what no screen takes reaches it last — `?` (or F1, which
/// works while typing too) shows the keys, `q` on a root screen asks whether to quit. `onKey`
/// sees keys that act across screens first (a banner's `^O`).
@MainActor
final class AppNavigationController: NavigationController {
    var onQuit: (() -> Void)?
    var onHelp: (() -> Void)?
    var onKey: ((KeyEvent) -> Bool)?
    /// Chats an event took off the screen (Esc, a click on back): told at once, so a draft left
    /// in one is in the chat list on the frame that shows the list, not a tick later.
    var onChatsLeft: (([ChatController]) -> Void)?

    override func handle(_ event: InputEvent) -> Bool {
        let before = viewControllers.compactMap { $0 as? ChatController }
        defer {
            let left = before.filter { chat in !viewControllers.contains { $0 === chat } }
            if !left.isEmpty { onChatsLeft?(left) }
        }
        return handleAppKeys(event)
    }

    private func handleAppKeys(_ event: InputEvent) -> Bool {
        if case .key(let key) = event, let onKey, onKey(key) { return true }
        // A help key that is no letter (F1) works even where the screen takes text.
        if case .key(let key) = event, key.plainCharacter == nil, keyBindings.action(for: key, in: .global) == .global(.help),
           let onHelp, !inSheet {
            onHelp()
            return true
        }
        if super.handle(event) { return true }
        guard case .key(let key) = event else { return false }
        switch keyBindings.action(for: key, in: .global) {
        case .global(.help)? where onHelp != nil && lettersReachTheApp:
            onHelp?()
            return true
        case .global(.quit)? where onQuit != nil && qQuits:
            if let onQuit { pushViewController(QuitConfirmationController(onQuit: onQuit)) }
            return true
        default:
            return false
        }
    }

    private var inSheet: Bool {
        guard let focused = focusedController else { return false }
        return focused !== viewControllers.first && focused.navigationPresentation != .default
            && focused.navigationPresentation != .master
    }

    /// Whether the app's single-letter keys act: never while the focused screen takes text (a
    /// field, a search, a type-to-select under way: a word starting with q is typed, not a quit)
    /// nor in a sheet, which keeps every key.
    private var lettersReachTheApp: Bool {
        guard let focused = focusedController else { return true }
        return !focused.typesLetters && !inSheet
    }

    /// `q` quits only where the key line offers it, on a root screen: with a chat open (even with
    /// the focus on the split's list column) it is a letter, and ^C quits.
    private var qQuits: Bool { lettersReachTheApp && viewControllers.count <= 1 }

    /// The screen's keys, then `?` and `q` exactly where they act, else `^C`, which quits from anywhere.
    override var keyHints: [KeyHintItem] {
        var hints = super.keyHints
        let quit = keyBindings.hint(for: .global(.quit))
        let helpKeys = keyBindings.keys(for: .global(.help))
        // Where letters are typed, the help key shown is one that is no letter (F1).
        let help = (lettersReachTheApp ? helpKeys.first : helpKeys.first { $0.count == 1 && $0[0].plainCharacter == nil })
        if !inSheet, let help { hints.append(KeyHintItem(KeyNotation.hint(for: help), "help")) }
        if qQuits, let quit {
            hints.append(KeyHintItem(quit, "quit"))
        } else {
            hints.append(KeyHintItem("^C", "quit"))
        }
        return hints
    }
}
