/// A file name as a message names it, made safe to create in a folder of ours: one path
/// component that stays in that folder and is never read as an option. Slashes and backslashes
/// become "_"; control characters (C0, DEL, C1) and the bidirectional overrides that make a name
/// read as another are dropped; leading dots, dashes and spaces go (no "..", no hidden file, no
/// "-rf"); at most 200 bytes, its extension kept; nothing left is the fallback.
public enum AttachmentFileName {
    public static let maximumBytes = 200

    public static func safe(_ name: String?, fallback: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in (name ?? "").unicodeScalars {
            if scalar == "/" || scalar == "\\" {
                scalars.append("_")
            } else if !isHidden(scalar) {
                scalars.append(scalar)
            }
        }
        var result = String(scalars)
        while let first = result.first, first == "." || first == "-" || first == " " || first == "\u{00A0}" { result.removeFirst() }
        while let last = result.last, last == " " || last == "." { result.removeLast() }
        result = shortened(result)
        return result.isEmpty ? fallback : result
    }

    /// Control characters and bidirectional formatting (U+202A–202E, U+2066–2069, U+200E/F).
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
    }

    /// At most `maximumBytes` of UTF-8, cut on a character, the extension kept.
    static func shortened(_ name: String) -> String {
        guard name.utf8.count > maximumBytes else { return name }
        let (stem, suffix) = split(name)
        let keep = suffix.utf8.count < maximumBytes / 2 ? suffix : ""
        var cut = ""
        for character in stem {
            if cut.utf8.count + character.utf8.count + keep.utf8.count > maximumBytes { break }
            cut.append(character)
        }
        return cut + keep
    }

    /// The name and its extension with the dot ("report", ".pdf"); no extension: ("name", "").
    static func split(_ name: String) -> (stem: String, suffix: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// The `number`th name after `name` taken: "report (1).pdf".
    public static func numbered(_ name: String, _ number: Int) -> String {
        guard number > 0 else { return name }
        let (stem, suffix) = split(name)
        return "\(stem) (\(number))\(suffix)"
    }
}
