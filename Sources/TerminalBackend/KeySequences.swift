import Display

/// Keys from the escape sequences common terminals send, decoded by their shape rather than by
/// the terminfo entry `TERM` names (an entry describes one terminal; tmux, screen, rxvt, kitty and
/// xterm with modifyOtherKeys each send some keys their own way). Pure, so every dialect is
/// unit-tested. Modifier parameters are xterm's: the value minus one is a bit set of Shift (1),
/// Alt (2), Ctrl (4) (and Super, Hyper, Meta, Caps Lock, Num Lock above, which the app ignores,
/// except Meta as Alt).
enum KeySequences {
    enum CSIResult: Equatable {
        /// A key, or nil for a well-formed sequence the app has no key for.
        case key(KeyEvent?)
        case pasteStart
        case pasteEnd
    }

    /// `ESC [ <parameters> <final>`: the parameter bytes as sent (digits, `;`, `:`, `<`…).
    static func csi(parameters: [UInt32], final: UInt32) -> CSIResult {
        let fields = Self.fields(parameters)
        let first = fields.first?.first ?? nil
        let modifiers = Self.modifiers(fields.count > 1 ? fields[1].first ?? nil : nil)
        guard let modifiers else { return .key(nil) }
        switch Unicode.Scalar(final).map(Character.init) {
        case "A": return .key(KeyEvent(.up, modifiers: modifiers))
        case "B": return .key(KeyEvent(.down, modifiers: modifiers))
        case "C": return .key(KeyEvent(.right, modifiers: modifiers))
        case "D": return .key(KeyEvent(.left, modifiers: modifiers))
        case "H": return .key(KeyEvent(.home, modifiers: modifiers))
        case "F": return .key(KeyEvent(.end, modifiers: modifiers))
        case "P": return .key(KeyEvent(.function(1), modifiers: modifiers))
        case "Q": return .key(KeyEvent(.function(2), modifiers: modifiers))
        // CSI 1;mod R is F3; any other CSI …R is a cursor position report.
        case "R" where first == 1 && fields.count > 1: return .key(KeyEvent(.function(3), modifiers: modifiers))
        case "S": return .key(KeyEvent(.function(4), modifiers: modifiers))
        case "Z": return .key(KeyEvent(.backTab, modifiers: modifiers.subtracting(.shift)))
        // rxvt: Shift+arrow as ESC [ a…d.
        case "a": return .key(KeyEvent(.up, modifiers: .shift))
        case "b": return .key(KeyEvent(.down, modifiers: .shift))
        case "c": return .key(KeyEvent(.right, modifiers: .shift))
        case "d": return .key(KeyEvent(.left, modifiers: .shift))
        case "~":
            guard let number = first else { return .key(nil) }
            if number == 200 { return .pasteStart }
            if number == 201 { return .pasteEnd }
            if number == 27, fields.count > 2, let code = fields[2].first ?? nil {  // xterm modifyOtherKeys
                return .key(codepointKey(code, modifiers: Self.modifiers(fields[1].first ?? nil) ?? []))
            }
            return .key(tildeKey(number).map { KeyEvent($0, modifiers: modifiers) })
        // rxvt: the ~ keys with Shift ($), Ctrl (^) or both (@).
        case "$": return .key(first.flatMap(tildeKey).map { KeyEvent($0, modifiers: .shift) })
        case "^": return .key(first.flatMap(tildeKey).map { KeyEvent($0, modifiers: .control) })
        case "@": return .key(first.flatMap(tildeKey).map { KeyEvent($0, modifiers: [.control, .shift]) })
        case "u":  // the kitty keyboard protocol: code[:shifted[:base]] ; modifiers[:event] ; text
            guard var code = first else { return .key(nil) }
            let event = fields.count > 1 && fields[1].count > 1 ? fields[1][1] ?? 1 : 1
            if event == 3 { return .key(nil) }  // a release
            var modifiers = modifiers
            if modifiers.contains(.shift), let shifted = fields[0].count > 1 ? fields[0][1] : nil {
                code = shifted
                modifiers.remove(.shift)
            }
            return .key(codepointKey(code, modifiers: modifiers))
        default:
            return .key(nil)
        }
    }

    /// `ESC O <parameters> <final>`: application cursor keys, F1–F4, the application keypad,
    /// rxvt's Ctrl+arrows (lowercase).
    static func ss3(parameters: [UInt32], final: UInt32) -> KeyEvent? {
        let fields = Self.fields(parameters)
        guard let modifiers = Self.modifiers(fields.count > 1 ? fields[1].first ?? nil : fields.first?.first ?? nil) else { return nil }
        guard let scalar = Unicode.Scalar(final) else { return nil }
        let key: Key
        switch Character(scalar) {
        case "A": key = .up
        case "B": key = .down
        case "C": key = .right
        case "D": key = .left
        case "H": key = .home
        case "F": key = .end
        case "P": key = .function(1)
        case "Q": key = .function(2)
        case "R": key = .function(3)
        case "S": key = .function(4)
        case "M": key = .enter
        case "a": return KeyEvent(.up, modifiers: .control)
        case "b": return KeyEvent(.down, modifiers: .control)
        case "c": return KeyEvent(.right, modifiers: .control)
        case "d": return KeyEvent(.left, modifiers: .control)
        case "p" ... "y": key = .character(Character(Unicode.Scalar(final - 0x70 + 0x30)!))   // keypad 0–9
        case "j": key = .character("*")
        case "k": key = .character("+")
        case "l": key = .character(",")
        case "m": key = .character("-")
        case "n": key = .character(".")
        case "o": key = .character("/")
        case "X": key = .character("=")
        default: return nil
        }
        return KeyEvent(key, modifiers: modifiers)
    }

    /// The `~` keys of xterm, the VT220, rxvt and tmux by number.
    static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 4, 8: .end
        case 2: .insert
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        case 11 ... 15: .function(number - 10)
        case 17 ... 21: .function(number - 11)
        case 23 ... 26: .function(number - 12)
        case 28, 29: .function(number - 13)
        case 31 ... 34: .function(number - 14)
        default: nil
        }
    }

    /// A key by its Unicode code point (kitty, modifyOtherKeys), with the kitty protocol's
    /// private-use codes for the keypad and F13–F24; codes for other keys (media, lone
    /// modifiers) are nil.
    static func codepointKey(_ code: Int, modifiers: KeyModifiers) -> KeyEvent? {
        let key: Key
        switch code {
        case 13: key = .enter
        case 9: key = .tab
        case 27: key = .escape
        case 8, 127: key = .backspace
        case 57376 ... 57387: key = .function(code - 57376 + 13)              // F13–F24
        case 57399 ... 57408: key = .character(Character(Unicode.Scalar(UInt8(0x30 + code - 57399))))  // keypad 0–9
        case 57409: key = .character(".")
        case 57410: key = .character("/")
        case 57411: key = .character("*")
        case 57412: key = .character("-")
        case 57413: key = .character("+")
        case 57414: key = .enter
        case 57415: key = .character("=")
        case 57416: key = .character(",")
        case 57417: key = .left
        case 57418: key = .right
        case 57419: key = .up
        case 57420: key = .down
        case 57421: key = .pageUp
        case 57422: key = .pageDown
        case 57423: key = .home
        case 57424: key = .end
        case 57425: key = .insert
        case 57426: key = .delete
        case 0x20 ..< 0xE000, 0xF900 ... 0x10FFFF:
            guard let scalar = Unicode.Scalar(code), scalar.properties.generalCategory != .control else { return nil }
            var modifiers = modifiers
            var character = Character(scalar)
            // Shift on a letter is its capital, as the app reads typed text.
            if modifiers.contains(.shift), character.isLetter {
                character = Character(character.uppercased())
                modifiers.remove(.shift)
            }
            return KeyEvent(.character(character), modifiers: modifiers)
        default: return nil
        }
        return KeyEvent(key, modifiers: modifiers)
    }

    /// xterm's modifier parameter as modifiers: nil or 1 is none; a value that is not one is nil.
    static func modifiers(_ parameter: Int?) -> KeyModifiers? {
        guard let parameter else { return [] }
        guard (1 ... 256).contains(parameter) else { return nil }
        let bits = parameter - 1
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 || bits & 32 != 0 { modifiers.insert(.alt) }  // Alt, or Meta
        if bits & 4 != 0 { modifiers.insert(.control) }
        return modifiers
    }

    /// `1;5` → [[1], [5]]; `57:41;2:1` → [[57, 41], [2, 1]]; an empty field is nil. A field
    /// that starts with a private marker (`<`, `=`, `>`, `?`) reads as nil numbers.
    static func fields(_ parameters: [UInt32]) -> [[Int?]] {
        let text = String(decoding: parameters.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        guard !text.isEmpty else { return [] }
        return text.split(separator: ";", omittingEmptySubsequences: false).map { field in
            field.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        }
    }
}
