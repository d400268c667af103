import CNcursesw
import Display

/// Modified cursor keys (Ctrl-Left, Alt-Up, Shift-Home...) that terminfo only names as extended
/// capabilities: xterm-like entries define `kLFT5`, `kUP3`, ... (`\E[1;5D`, `\E[1;3A`). ncurses
/// gives each extended `k…` string a key code above `KEY_MAX` at start-up; `key_defined` tells
/// which. Best effort: a terminal whose terminfo lacks them sends ESC-prefixed sequences that
/// arrive as Escape and letters.
enum ExtendedKeys {
    /// Terminfo's base names for the keys: the bare name is the Shift variant.
    static let keys: [(name: String, key: Key)] = [
        ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right),
        ("kHOM", .home), ("kEND", .end), ("kPRV", .pageUp), ("kNXT", .pageDown),
        ("kDC", .delete), ("kIC", .insert),
    ]

    /// xterm's modifier parameter (2–8, the capability's suffix) as modifiers.
    static func modifiers(parameter: Int) -> KeyModifiers {
        KeySequences.modifiers(parameter) ?? []
    }

    /// Every capability name with the key event it stands for: `kLFT` (Shift), `kLFT3` … `kLFT8`.
    static var capabilities: [(capability: String, event: KeyEvent)] {
        keys.flatMap { entry in
            (2 ... 8).map { parameter in
                (entry.name + (parameter == 2 ? "" : String(parameter)),
                 KeyEvent(entry.key, modifiers: modifiers(parameter: parameter)))
            }
        }
    }

    /// The codes ncurses assigned on this terminal. Needs a running curses screen.
    @MainActor
    static func discover() -> [Int32: KeyEvent] {
        var table: [Int32: KeyEvent] = [:]
        for (capability, event) in capabilities {
            guard let sequence = tg_tigetstr(capability) else { continue }
            let code = key_defined(sequence)
            if code > 0 { table[code] = event }
        }
        return table
    }
}
