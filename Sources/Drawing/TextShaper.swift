internal import CCairo

/// One grapheme cluster ready to draw: its glyphs (positions relative to the pen), how far it moves
/// the pen, which font of the chain has it, its bidi level, and where a line may break.
struct ShapedCluster {
    var glyphs: [cairo_glyph_t]
    var advance: Double
    var font: Int
    var level: UInt8
    var isWhitespace: Bool
    /// A line may start with this cluster (after a space or hyphen, or around CJK ideographs).
    var breakBefore: Bool
}

/// One paragraph (no newlines) turned into clusters in logical order.
struct ShapedParagraph {
    var clusters: [ShapedCluster]
    var level: UInt8
    var isRightToLeft: Bool { level % 2 == 1 }
}

/// Text → clusters: cleans out what Cairo can't draw, joins Arabic letters, resolves bidi levels,
/// and finds each cluster's glyphs in the font chain. Cairo alone does no shaping, so this is the
/// whole shaping engine; what it doesn't do (ligatures, kerning, emoji ZWJ sequences) is drawn
/// one character at a time.
enum TextShaper {
    /// Splits text into paragraphs: CR LF / CR / LF, U+2028 and U+2029 all end one.
    static func paragraphs(_ text: String) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x0A && previousWasCR { previousWasCR = false; continue }
            previousWasCR = v == 0x0D
            if v == 0x0A || v == 0x0D || v == 0x2028 || v == 0x2029 {
                result.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        result.append(String(current))
        return result
    }

    /// Drops control characters, which have no glyph and would otherwise be drawn as boxes.
    /// Tabs become spaces.
    static func withoutControls(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x09 { out.append(" "); continue }
            if v < 0x20 || (0x7F...0x9F).contains(v) { continue }
            out.append(scalar)
        }
        return out
    }

    /// What of a cluster is drawn: bidi and joiner controls, variation selectors and tag characters
    /// only steer a shaping engine, which Cairo doesn't have, and would otherwise be drawn as boxes.
    /// They are dropped here rather than earlier so they still hold their cluster together and
    /// VS16 (U+FE0F) can still ask for emoji presentation.
    static func visibleText(_ character: Character) -> String {
        var visible = String.UnicodeScalarView()
        for scalar in character.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
            visible.append(scalar)
        }
        return String(visible)
    }

    /// Emoji that are shown in colour by default, or asked to be with VS16.
    static func prefersColour(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return first.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}")
    }

    /// Shapes one paragraph. With `dropMissing`, clusters no installed font has are left out
    /// (for avatars, where a box would look broken); otherwise they draw as the primary face's box.
    static func shape(_ paragraph: String, fonts: ScaledFontChain, dropMissing: Bool = false) -> ShapedParagraph {
        let scalars = ArabicShaping.shape(withoutControls(paragraph))
        let text = String(String.UnicodeScalarView(scalars))
        let characters = Array(text)
        let classes = characters.map { Bidi.classify($0.unicodeScalars.first!) }
        let base = Bidi.paragraphLevel(classes)
        let levels = Bidi.levels(classes, paragraphLevel: base)

        var clusters: [ShapedCluster] = []
        clusters.reserveCapacity(characters.count)
        var previous: Character?
        for (index, character) in characters.enumerated() {
            var drawn = character
            if levels[index] % 2 == 1, character.unicodeScalars.count == 1,
               let mirror = Bidi.mirrored(character.unicodeScalars.first!) {
                drawn = Character(mirror)
            }
            let string = visibleText(drawn)
            defer { previous = character }
            guard !string.isEmpty else { continue }
            let found = fonts.glyphs(for: string, preferColour: prefersColour(character))
                ?? (dropMissing ? nil : fonts.fallbackGlyphs(for: string))
            guard let found else { continue }
            clusters.append(ShapedCluster(
                glyphs: found.glyphs,
                advance: found.advance,
                font: found.font,
                level: levels[index],
                isWhitespace: character.isWhitespace,
                breakBefore: previous.map { breakAllowed(after: $0, before: character) } ?? false))
        }
        return ShapedParagraph(clusters: clusters, level: base)
    }

    /// A simplified UAX #14: break after spaces and hyphens, and on either side of CJK ideographs,
    /// kana and hangul (which are written without spaces).
    static func breakAllowed(after previous: Character, before next: Character) -> Bool {
        if next.isWhitespace { return false }
        if previous.isWhitespace { return !isNoBreakSpace(previous) }
        if previous == "-" || previous == "\u{2010}" || previous == "\u{2013}" || previous == "/" { return true }
        return isIdeographic(previous) || isIdeographic(next)
    }

    private static func isNoBreakSpace(_ character: Character) -> Bool {
        character == "\u{00A0}" || character == "\u{202F}" || character == "\u{2007}"
    }

    private static func isIdeographic(_ character: Character) -> Bool {
        guard let v = character.unicodeScalars.first?.value else { return false }
        return (0x2E80...0x9FFF).contains(v) || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFF00...0xFFEF).contains(v) || (0x20000...0x3FFFF).contains(v)
    }
}
