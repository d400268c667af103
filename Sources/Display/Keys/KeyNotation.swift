/// Keys as people write them in a configuration file: `j`, `G`, `ctrl-a`, `alt-enter`, `up`,
/// `pgup`, `home`, `f5`, `space`, `shift-tab`, and a sequence as keys separated by spaces
/// (`g g`). Modifiers are `ctrl-`, `alt-` (or `meta-`) and `shift-`, in any order and any case;
/// key names are case-insensitive, single characters are not (`G` is shift-g).
public enum KeyNotation {
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String { "\(reason) in \"\(text)\"" }
    }

    /// The longest sequence a binding may have: vim's `gg` needs two; more would leave keys
    /// waiting for a third that never comes.
    public static let maximumSequenceLength = 3

    static let names: [String: Key] = [
        "enter": .enter, "return": .enter, "tab": .tab, "backtab": .backTab,
        "esc": .escape, "escape": .escape, "backspace": .backspace, "bs": .backspace,
        "delete": .delete, "del": .delete, "insert": .insert, "ins": .insert,
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pgdown": .pageDown, "pagedown": .pageDown,
        "space": .character(" "), "minus": .character("-"), "plus": .character("+"),
    ]

    /// One binding: a key or a sequence of keys.
    public static func parseSequence(_ text: String) throws(Invalid) -> [KeyEvent] {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard !parts.isEmpty else { throw Invalid(text: text, reason: "no key") }
        guard parts.count <= maximumSequenceLength else {
            throw Invalid(text: text, reason: "a sequence of more than \(maximumSequenceLength) keys")
        }
        var keys: [KeyEvent] = []
        for part in parts { keys.append(try parse(String(part))) }
        return keys
    }

    /// One key with its modifiers.
    public static func parse(_ text: String) throws(Invalid) -> KeyEvent {
        var modifiers: KeyModifiers = []
        var rest = Substring(text)
        // A modifier is a prefix with something after it: `-` alone is the minus key, `ctrl--` is Ctrl-minus.
        while let dash = rest.firstIndex(of: "-"), dash != rest.startIndex, rest.index(after: dash) != rest.endIndex {
            switch rest[..<dash].lowercased() {
            case "ctrl", "control", "c": modifiers.insert(.control)
            case "alt", "meta", "m", "a": modifiers.insert(.alt)
            case "shift", "s": modifiers.insert(.shift)
            default: throw Invalid(text: text, reason: "unknown modifier \"\(rest[..<dash])\"")
            }
            rest = rest[rest.index(after: dash)...]
        }
        var key: Key
        if rest.count == 1, let character = rest.first {
            key = .character(character)
        } else if let named = names[rest.lowercased()] {
            key = named
        } else if rest.count >= 2, rest.first == "f" || rest.first == "F", let number = Int(rest.dropFirst()), (1 ... 24).contains(number) {
            key = .function(number)
        } else {
            throw Invalid(text: text, reason: "unknown key \"\(rest)\"")
        }
        // How terminals report these: a shifted letter is its capital, Shift-Tab its own key, and
        // Ctrl with a letter the same whatever its case.
        if modifiers.contains(.shift) {
            if case .character(let character) = key, character.isLetter {
                key = .character(Character(character.uppercased()))
                modifiers.remove(.shift)
            } else if key == .tab {
                key = .backTab
                modifiers.remove(.shift)
            }
        }
        if modifiers.contains(.control), case .character(let character) = key, character.isUppercase {
            key = .character(Character(character.lowercased()))
        }
        return KeyEvent(key, modifiers: modifiers)
    }

    /// A sequence as the key line writes it: `gg` for letters typed one after another, else the
    /// keys' hints separated by spaces.
    public static func hint(for sequence: [KeyEvent]) -> String {
        let texts = sequence.map { KeyHint.text(for: $0) }
        return texts.allSatisfy({ $0.count == 1 }) ? texts.joined() : texts.joined(separator: " ")
    }
}
