import CNcursesw
import Glibc

/// Bracketed paste: the terminal wraps pasted text in `ESC [200~` … `ESC [201~`, so a pasted
/// newline is text, not Enter. Turned on with the terminfo extended capabilities `BE` / `BD`
/// where the entry has them, else with xterm's `ESC [?2004h` / `l`, which terminals that do not
/// know it ignore. The two markers are registered with `define_key` so they arrive from
/// `wget_wch` as key codes of their own, after ncurses' own keys have been matched.
enum BracketedPaste {
    /// Key codes for the markers: far above `KEY_MAX` (0777) and above the codes ncurses hands out
    /// from there to extended `k…` capabilities (one per capability, a few hundred at most).
    static let startCode: Int32 = 0x7000
    static let endCode: Int32 = 0x7001

    static let startMarker = "\u{1B}[200~"
    static let endMarker = "\u{1B}[201~"

    static let xtermEnable = "\u{1B}[?2004h"
    static let xtermDisable = "\u{1B}[?2004l"

    /// The sequences that turn it on and off on this terminal. Needs a running curses screen.
    @MainActor
    static func sequences() -> (enable: String, disable: String) {
        let enable = tg_tigetstr("BE").map { String(cString: $0) } ?? xtermEnable
        let disable = tg_tigetstr("BD").map { String(cString: $0) } ?? xtermDisable
        return (enable, disable)
    }

    /// Registers the markers and turns bracketed paste on; returns the sequence that turns it off.
    @MainActor
    static func enable(output: UnsafeMutablePointer<FILE>) -> String {
        let (enable, disable) = sequences()
        define_key(startMarker, startCode)
        define_key(endMarker, endCode)
        write(enable, to: output)
        return disable
    }

    /// `putp`, then a flush of the terminal's stdio stream: before the first `doupdate` ncurses'
    /// own output buffer does not exist yet and `putp` goes through stdio, where it would sit
    /// until exit (seen in tmux: the enable arrived after `endwin`). Afterwards it joins
    /// ncurses' buffer and leaves with the next update.
    @MainActor
    static func write(_ sequence: String, to output: UnsafeMutablePointer<FILE>) {
        putp(sequence)
        fflush(output)
    }
}
