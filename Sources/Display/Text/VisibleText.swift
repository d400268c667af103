/// Text made safe to keep in a cell: every scalar that could drive the terminal, or reorder what
/// follows it, is replaced by a visible stand-in before the text is cut into clusters.
///
/// The set is exactly `Container.TerminalText.needsEscape` (a test checks the two
/// agree over every scalar), restated here so that Display depends on nothing. The stand-ins
/// take one column each, so hostile text cannot push real content off a row as `\u{…}` would:
/// - C0 controls and DEL become their Control Pictures (U+2400–U+241F, U+2421: `␀` … `␛` … `␡`),
///   which say which control it was;
/// - C1 controls, the line and paragraph separators and the bidi controls become U+FFFD `�`.
public enum VisibleText {
    /// Scalars never stored raw in a cell.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00 ... 0x1F, 0x7F ... 0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x061C, 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: return true
        default: return false
        }
    }

    /// The visible stand-in for an unsafe scalar; any other scalar unchanged.
    public static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard isUnsafe(scalar) else { return scalar }
        switch scalar.value {
        case 0x00 ... 0x1F: return Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: return "\u{2421}"
        default: return "\u{FFFD}"
        }
    }

    /// `text` with every unsafe scalar replaced; the same string (not copied) when there is none.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(replacement(for: scalar)) }
        return String(out)
    }
}
