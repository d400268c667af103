/// Everything the terminal can tell the app, turned into one value the backend hands to the
/// window. Every event passes the window's dispatch hook before any controller sees it.
public enum InputEvent: Hashable, Sendable {
    case key(KeyEvent)
    /// Bracketed paste: the text arrives whole, so a pasted newline does not send a message.
    case paste(String)
    case mouse(MouseEvent)
    /// The terminal's new size in cells (ncurses' KEY_RESIZE).
    case resize(Size)

    /// A shorthand for tests and key tables: `.key(.escape)`, `.key(.character("q"), .control)`.
    public static func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent {
        .key(KeyEvent(key, modifiers: modifiers))
    }
}
