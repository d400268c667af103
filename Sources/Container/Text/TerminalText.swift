/// Text from data (a push's alert, a message, a chat title, a file name, an error that quotes
/// them) made safe to show on a terminal: control characters are shown escaped, never sent raw.
/// A raw ESC, CSI or BEL lets whoever wrote the data move the cursor, rewrite lines already on the
/// screen, set the window title or, on some terminals, answer back; a raw newline or carriage
/// return lets it forge a line of the program's own output.
public enum TerminalText {
    /// Every C0 and C1 control and DEL, the Unicode line and paragraph separators, and the bidi
    /// embedding, override and isolate controls (which reorder what follows them on the screen).
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00 ... 0x1F, 0x7F ... 0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x061C, 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: return true
        default: return false
        }
    }

    /// `text` with each such character as `\n`, `\r`, `\t` or `\u{…}`; unchanged (and not copied)
    /// when there is none. `keepingTabs` lets TAB through for tab-separated listings: it only
    /// moves the cursor to the next tab stop, so at worst a title misaligns its own row.
    public static func escaped(_ text: String, keepingTabs: Bool = false) -> String {
        let escapes = { (scalar: Unicode.Scalar) in needsEscape(scalar) && !(keepingTabs && scalar == "\t") }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard escapes(scalar) else { out.append(scalar); continue }
            switch scalar {
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            default: out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            }
        }
        return String(out)
    }

    /// `escaped` in double quotes, for a value named inside a message.
    public static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

    /// Several lines, each escaped: newlines between them stay, nothing inside them does.
    public static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\n")
    }

    /// JSON text for a terminal: JSONEncoder escapes C0 controls but writes DEL, the C1 controls
    /// and the separators raw; inside a string `\u00XX` means the same character, and outside one
    /// they cannot occur, so this changes no value.
    public static func escapedJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { needsEscape($0) && $0.value > 0x1F }) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) && scalar.value > 0x1F {
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
