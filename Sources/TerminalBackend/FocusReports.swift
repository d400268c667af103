import CNcursesw
import Glibc

/// Focus reports (xterm's mode 1004): once turned on, the terminal sends `ESC [ I` when its
/// window gains focus and `ESC [ O` when it loses it (tmux passes them on with `focus-events on`).
/// The two are registered with `define_key`, like the paste markers, so they arrive as key codes
/// of their own and never as Escape and a letter. Turned off on the way out and while an editor
/// has the terminal; terminals that do not know the mode ignore it.
enum FocusReports {
    static let inCode: Int32 = 0x7002
    static let outCode: Int32 = 0x7003
    static let enable = "\u{1B}[?1004h"
    static let disable = "\u{1B}[?1004l"

    /// True for focus in, false for out, nil for every other code.
    static func focus(forCode code: Int32) -> Bool? {
        switch code {
        case inCode: return true
        case outCode: return false
        default: return nil
        }
    }

    @MainActor
    static func register() {
        define_key("\u{1B}[I", inCode)
        define_key("\u{1B}[O", outCode)
    }
}
