import Display

/// What the renderer hands `setcchar` for one cell, reconciled with ncurses' idea of its width.
///
/// An ncurses cell holds one *spacing* character and the zero-width characters after it, at most
/// `CCHARW_MAX` (5) in all: `setcchar` stops at the first following character that glibc's
/// `wcwidth` gives a width, and takes the cell's width from the first one. So:
///
/// - Clusters that are a base and zero-width marks (e + U+0301, keycaps, ❤️ with VS16) pass whole.
/// - Emoji ZWJ and modifier sequences cannot: their parts after the first are spacing characters
///   to glibc. The cell shows the sequence's first emoji (👨‍👩‍👧‍👦 → 👨, 👍🏽 → 👍), at the
///   width Display gave the whole, and nothing that only means something with what was cut (a
///   trailing ZWJ, which could join the next cell's glyph; tag characters of a subdivision flag).
///   Drawing the whole sequence would need bytes written around ncurses, which this backend does
///   not do; Display's surface (and so the snapshot tests) keeps the whole cluster.
/// - Width disagreement. Display's width (Unicode's, by cluster) is what the layout used; when
///   ncurses would count the glyph otherwise, its screen model and the terminal's cursor part
///   ways and the rest of the row is drawn in the wrong place. So the cell gets a stand-in of
///   the right width instead: an emoji presentation selector (❤️) is dropped and a space fills
///   the second column; a flag (🇺🇦, whose letters glibc counts one column each) shows its two
///   letters, `UA`; anything else (an emoji newer than glibc's tables, which `wcwidth` calls
///   unprintable) shows U+FFFD, padded with a space when two columns wide.
struct TerminalGlyph: Hashable, Sendable {
    /// The wide characters for the cell's own column.
    var scalars: [UInt32]
    /// For a two-column cell drawn as two one-column glyphs: what goes in the second column.
    var secondColumn: [UInt32]?

    static let zeroWidthJoiner: UInt32 = 0x200D
    static let emojiPresentation: UInt32 = 0xFE0F
    static let replacement: UInt32 = 0xFFFD
    static let space: UInt32 = 0x20
    static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6 ... 0x1F1FF
    static let tags: ClosedRange<UInt32> = 0xE0000 ... 0xE007F

    /// The glyph for `cell` (not a continuation), with at most `maxScalars` scalars, where
    /// `columns` is ncurses' width of a scalar (`wcwidth`).
    static func make(for cell: Cell, maxScalars: Int, columns: (UInt32) -> Int) -> TerminalGlyph {
        let cluster = cell.character.unicodeScalars.map(\.value)
        let scalars = fitted(cluster, maxScalars: maxScalars, columns: columns)
        let width = cell.width
        if columns(scalars[0]) == width { return TerminalGlyph(scalars: scalars) }
        if width == 2 {
            let textPresentation = scalars.filter { $0 != emojiPresentation }
            if scalars.contains(emojiPresentation), columns(textPresentation[0]) == 1 {
                return TerminalGlyph(scalars: textPresentation, secondColumn: [space])
            }
            if cluster.allSatisfy(regionalIndicators.contains) {
                let letters = cluster.map { $0 - regionalIndicators.lowerBound + 0x41 }
                return TerminalGlyph(scalars: [letters[0]], secondColumn: [letters.count > 1 ? letters[1] : space])
            }
            return TerminalGlyph(scalars: [replacement], secondColumn: [space])
        }
        return TerminalGlyph(scalars: [replacement])
    }

    /// What of `scalars` one ncurses cell keeps: the first and the zero-width ones right after
    /// it, at most `maxScalars`; when that cuts the cluster, without a trailing ZWJ or tag
    /// characters.
    static func fitted(_ scalars: [UInt32], maxScalars: Int, columns: (UInt32) -> Int) -> [UInt32] {
        var kept = [scalars[0]]
        for scalar in scalars.dropFirst() {
            guard kept.count < maxScalars, columns(scalar) == 0 else { break }
            kept.append(scalar)
        }
        guard kept.count < scalars.count else { return kept }
        while kept.count > 1 && kept.last == zeroWidthJoiner { kept.removeLast() }
        kept.removeAll { tags.contains($0) }
        return kept
    }
}
