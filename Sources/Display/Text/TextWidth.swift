/// How many terminal columns a grapheme cluster takes: 0, 1 or 2.
///
/// The unit is Swift's `Character` (an extended grapheme cluster, UAX #29), not a scalar: a
/// family, a flag or a skin-toned hand is one cluster and one glyph, so one width. glibc's
/// `wcwidth` sees scalars and gets these wrong (nchat #478, WeeChat #2265); the rules here follow
/// UAX #11 (East Asian Width) and UTS #51 (emoji presentation):
///
/// - a cluster's width is its base's: the first scalar that is not a mark (Mn, Me) or a format
///   character (Cf), so a Prepend character or a trailing mark changes nothing;
/// - emoji presentation is 2 columns: a base with Emoji_Presentation, or any emoji base followed
///   by VS16 (U+FE0F), a skin-tone modifier, or a ZWJ that joins an emoji-presentation emoji;
///   a pair of regional indicators (a flag), and a lone one (Emoji_Presentation too), are 2;
/// - VS15 (U+FE0E) after an emoji base asks for text presentation: 1 column;
/// - East Asian Wide and Fullwidth (CJK ideographs, Hangul syllables and leading jamo, fullwidth
///   forms) are 2 columns, from `EastAsianWidthTable` (generated, with its Unicode version);
/// - East Asian Ambiguous (A: box drawing, `…`, Greek, Cyrillic…) is 1 column: that is what
///   terminals do unless told to use a CJK legacy mode, and the borders Display draws are A;
/// - a cluster of marks alone, format characters (ZWSP, ZWJ, word joiner, BOM) and the Hangul
///   medial and final jamo alone are 0 columns; the soft hyphen is 1, as glibc and terminals have it.
/// - controls are 0, but `VisibleText` replaces them before anything is measured.
public enum TextWidth {
    /// The columns `character` takes.
    public static func of(_ character: Character) -> Int {
        // Printable ASCII, the common case, without looking at scalar properties.
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let baseIndex = scalars.firstIndex(where: { !isZeroWidth($0) }) else { return 0 }
        let base = scalars[baseIndex]
        if isRegionalIndicator(base) { return 2 }
        let properties = base.properties
        if properties.isEmoji {
            var followers = scalars[scalars.index(after: baseIndex)...].makeIterator()
            var joined = false
            while let scalar = followers.next() {
                switch scalar.value {
                case 0xFE0E: return 1  // VS15: text presentation
                case 0xFE0F: return 2  // VS16: emoji presentation
                case 0x200D: joined = true
                default:
                    if scalar.properties.isEmojiModifier { return 2 }
                    if joined && scalar.properties.isEmojiPresentation { return 2 }
                }
            }
            if properties.isEmojiPresentation { return 2 }
        }
        if EastAsianWidth.isWide(base) { return 2 }
        if isConjoiningJamo(base) { return 0 }
        return 1
    }

    /// The columns `text` takes when drawn: the sum over the cells `DisplayText` makes of it, so
    /// control characters count as their one-column stand-ins.
    public static func of(_ text: String) -> Int {
        var total = 0
        for cluster in DisplayText.clusters(text) { total += cluster.width }
        return total
    }

    /// Marks and format characters: they take no column of their own.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x300 { return scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6 ... 0x1F1FF).contains(scalar.value)
    }

    /// Hangul vowel and final jamo: they join a leading jamo into one syllable, so alone (outside
    /// a cluster) they add nothing, as in glibc.
    static func isConjoiningJamo(_ scalar: Unicode.Scalar) -> Bool {
        (0x1160 ... 0x11FF).contains(scalar.value) || (0xD7B0 ... 0xD7FF).contains(scalar.value)
    }
}
