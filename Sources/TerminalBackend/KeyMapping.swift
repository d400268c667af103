import CNcursesw
import Display

/// What ncurses' `wget_wch` results mean as keys. Pure: the table is ncurses' key-code constants,
/// so it is unit-tested without a terminal.
public enum KeyMapping {
    /// The key for a key code (`wget_wch` returned `KEY_CODE_YES`), or nil for codes the app has
    /// no key for. `extended` holds codes ncurses made up at start-up for the terminal's extended
    /// capabilities (Ctrl-Left, Alt-Up, ...: see `ExtendedKeys`); it is looked up first.
    public static func key(forCode code: Int32, extended: [Int32: KeyEvent] = [:]) -> KeyEvent? {
        if let event = extended[code] { return event }
        if code > tg_KEY_F(0) && code <= tg_KEY_F(63) { return functionKey(code - tg_KEY_F(0)) }
        switch code {
        case KEY_UP: return KeyEvent(.up)
        case KEY_DOWN: return KeyEvent(.down)
        case KEY_LEFT: return KeyEvent(.left)
        case KEY_RIGHT: return KeyEvent(.right)
        case KEY_HOME, KEY_A1: return KeyEvent(.home)
        case KEY_END, KEY_C1: return KeyEvent(.end)
        case KEY_PPAGE, KEY_A3: return KeyEvent(.pageUp)
        case KEY_NPAGE, KEY_C3: return KeyEvent(.pageDown)
        case KEY_DC: return KeyEvent(.delete)
        case KEY_IC: return KeyEvent(.insert)
        case KEY_BACKSPACE: return KeyEvent(.backspace)
        case KEY_ENTER: return KeyEvent(.enter)
        case KEY_BTAB: return KeyEvent(.backTab)
        // The shifted keys standard terminfo names (xterm sends them for Shift+arrow etc.).
        case KEY_SR: return KeyEvent(.up, modifiers: .shift)
        case KEY_SF: return KeyEvent(.down, modifiers: .shift)
        case KEY_SLEFT: return KeyEvent(.left, modifiers: .shift)
        case KEY_SRIGHT: return KeyEvent(.right, modifiers: .shift)
        case KEY_SHOME: return KeyEvent(.home, modifiers: .shift)
        case KEY_SEND: return KeyEvent(.end, modifiers: .shift)
        case KEY_SPREVIOUS: return KeyEvent(.pageUp, modifiers: .shift)
        case KEY_SNEXT: return KeyEvent(.pageDown, modifiers: .shift)
        case KEY_SDC: return KeyEvent(.delete, modifiers: .shift)
        case KEY_SIC: return KeyEvent(.insert, modifiers: .shift)
        default: return nil
        }
    }

    /// F1–F24 as Display's `.function(1...24)`. Above that, xterm's numbering of modified keys:
    /// F25–F36 are Ctrl-F1…F12, F37–F48 Ctrl-Shift, F49–F60 Alt, F61–F63 Alt-Shift. (xterm also
    /// sends Shift-F1…F12 as F13–F24; those stay F13–F24, which Display names.)
    static func functionKey(_ number: Int32) -> KeyEvent {
        let number = Int(number)
        switch number {
        case 1 ... 24: return KeyEvent(.function(number))
        case 25 ... 36: return KeyEvent(.function(number - 24), modifiers: .control)
        case 37 ... 48: return KeyEvent(.function(number - 36), modifiers: [.control, .shift])
        case 49 ... 60: return KeyEvent(.function(number - 48), modifiers: .alt)
        default: return KeyEvent(.function(number - 60), modifiers: [.alt, .shift])
        }
    }

    /// The key for a control character typed as text (`wget_wch` returned OK with a code under
    /// 32, or DEL), or nil for a printable one. Enter arrives as CR, 13 (the session sets `nonl`,
    /// so the terminal's CR is not turned into LF); LF, 10, is Ctrl-J, the composer's new line as
    /// in readline and Telegram Desktop's Ctrl-Enter counterpart. Backspace arrives as DEL or Ctrl-H,
    /// so Ctrl-H, Ctrl-I and Ctrl-M read as Backspace, Tab and Enter, as every terminal program sees
    /// them. Ctrl-Space (NUL) is `.character(" ")` with `.control`.
    public static func key(forControl code: UInt32) -> KeyEvent? {
        switch code {
        case 13: return KeyEvent(.enter)
        case 9: return KeyEvent(.tab)
        case 8, 127: return KeyEvent(.backspace)
        case 27: return KeyEvent(.escape)
        case 0: return KeyEvent(.character(" "), modifiers: .control)
        case 1 ... 26:
            return KeyEvent(.character(Character(Unicode.Scalar(UInt8(0x60 + code)))), modifiers: .control)
        case 28 ... 31:
            // Ctrl-\, Ctrl-], Ctrl-^, Ctrl-_.
            return KeyEvent(.character(Character(Unicode.Scalar(UInt8(0x40 + code)))), modifiers: .control)
        default: return nil
        }
    }

    /// Whether `code` is text rather than a control character.
    public static func isPrintable(_ code: UInt32) -> Bool { code >= 0x20 && code != 0x7F }
}
