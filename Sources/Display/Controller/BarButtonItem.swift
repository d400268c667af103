/// A button in a navigation bar or toolbar: a title, the key that presses it, and its action.
/// A terminal has no pointer to aim with, so every item names its key (`^N New`).
@MainActor
public final class BarButtonItem {
    public var title: String
    public var key: KeyEvent
    public var isEnabled: Bool
    public let action: @MainActor () -> Void

    public init(title: String, key: KeyEvent, isEnabled: Bool = true, action: @escaping @MainActor () -> Void) {
        self.title = title
        self.key = key
        self.isEnabled = isEnabled
        self.action = action
    }

    /// How the key is written next to the title: `^N`, `M-x`, `F2`, `⏎`, or the character.
    public var keyHint: String { KeyHint.text(for: key) }
}

/// Short names for keys, as terminals' own hint lines write them (nano's `^X`, mc's `F10`).
public enum KeyHint {
    public static func text(for event: KeyEvent) -> String {
        var prefix = ""
        if event.modifiers.contains(.alt) { prefix += "M-" }
        let name: String
        switch event.key {
        case .character(let character):
            if event.modifiers.contains(.control) { return prefix + "^" + String(character).uppercased() }
            name = character == " " ? "Space" : String(character)
        case .enter: name = "⏎"
        case .tab: name = "Tab"
        case .backTab: name = "⇧Tab"
        case .escape: name = "Esc"
        case .backspace: name = "⌫"
        case .delete: name = "Del"
        case .insert: name = "Ins"
        case .up: name = "↑"
        case .down: name = "↓"
        case .left: name = "←"
        case .right: name = "→"
        case .home: name = "Home"
        case .end: name = "End"
        case .pageUp: name = "PgUp"
        case .pageDown: name = "PgDn"
        case .function(let number): name = "F\(number)"
        }
        if event.modifiers.contains(.control) { prefix += "^" }
        return prefix + name
    }
}
