/// A key as the app sees it, whatever terminal sent it. Printable text arrives as `.character`,
/// one grapheme cluster each (an emoji sequence typed at once is one key); Ctrl and Alt are
/// modifiers on the key, so Ctrl-W is `.character("w")` with `.control`.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter, tab, backTab, escape, backspace, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1…F24.
    case function(Int)
}

/// Modifiers a terminal reports with a key. Shift is only reported where the terminal sends a
/// distinct code for it (arrows, Tab as `backTab`); a shifted letter is just the capital.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
}

/// One key press.
public struct KeyEvent: Hashable, Sendable {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// A plain printable character, no modifiers: what a list's type-to-select or a digit shortcut reads.
    public var plainCharacter: Character? {
        if case .character(let character) = key, modifiers.isDisjoint(with: [.control, .alt]) { return character }
        return nil
    }
}
