@testable import Display
import Testing

/// Column widths of grapheme clusters: the rules in `TextWidth`, case by case.
@Suite("TextWidth: columns per grapheme cluster")
struct TextWidthTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let width: Int
        let clusters: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // ASCII and Latin.
        Case(name: "ASCII letter", text: "A", width: 1, clusters: 1),
        Case(name: "ASCII word", text: "hello, world", width: 12, clusters: 12),
        Case(name: "precomposed é", text: "\u{E9}", width: 1, clusters: 1),
        Case(name: "e + combining acute", text: "e\u{301}", width: 1, clusters: 1),
        Case(name: "stacked marks", text: "a\u{301}\u{323}\u{30A}", width: 1, clusters: 1),
        Case(name: "ASCII then a mark (not the ASCII fast path)", text: "ae\u{301}b", width: 3, clusters: 3),
        Case(name: "Prepend (Arabic number sign) + digit", text: "x\u{600}1", width: 2, clusters: 2),
        Case(name: "Cyrillic", text: "Привет", width: 6, clusters: 6),
        Case(name: "Arabic with prepend-free marks", text: "مَرْحَبًا", width: 5, clusters: 5),
        // East Asian Wide and Fullwidth.
        Case(name: "CJK ideographs", text: "中文字", width: 6, clusters: 3),
        Case(name: "Hiragana", text: "ひらがな", width: 8, clusters: 4),
        Case(name: "Hangul syllables", text: "한국어", width: 6, clusters: 3),
        Case(name: "Hangul from jamo L+V+T", text: "\u{1100}\u{1161}\u{11A8}", width: 2, clusters: 1),
        Case(name: "fullwidth Latin", text: "ＡＢ", width: 4, clusters: 2),
        Case(name: "ideographic space", text: "\u{3000}", width: 2, clusters: 1),
        Case(name: "halfwidth katakana", text: "ｱｲ", width: 2, clusters: 2),
        Case(name: "CJK Extension B", text: "\u{20000}", width: 2, clusters: 1),
        Case(name: "unassigned in plane 3 (UCD default W)", text: "\u{3FFF0}", width: 2, clusters: 1),
        // Ambiguous: narrow, as terminals default.
        Case(name: "ellipsis (A)", text: "…", width: 1, clusters: 1),
        Case(name: "box drawing (A)", text: "┌─┐│└┘", width: 6, clusters: 6),
        Case(name: "Greek (A)", text: "αβγ", width: 3, clusters: 3),
        Case(name: "degree sign (A)", text: "°", width: 1, clusters: 1),
        // Emoji presentation.
        Case(name: "grinning face", text: "😀", width: 2, clusters: 1),
        Case(name: "watch (Emoji_Presentation, W)", text: "\u{231A}", width: 2, clusters: 1),
        Case(name: "star (W)", text: "\u{2B50}", width: 2, clusters: 1),
        Case(name: "emoji newer than the table (Unicode 15)", text: "\u{1FAE8}", width: 2, clusters: 1),
        Case(name: "emoji newer than the table (Unicode 16)", text: "\u{1FA89}", width: 2, clusters: 1),
        // Text-presentation emoji and the variation selectors.
        Case(name: "heart, text by default", text: "\u{2764}", width: 1, clusters: 1),
        Case(name: "heart + VS16", text: "\u{2764}\u{FE0F}", width: 2, clusters: 1),
        Case(name: "snowflake + VS16", text: "\u{2744}\u{FE0F}", width: 2, clusters: 1),
        Case(name: "pencil + VS16", text: "\u{270F}\u{FE0F}", width: 2, clusters: 1),
        Case(name: "B button + VS16 (WeeChat #2265)", text: "\u{1F171}\u{FE0F}", width: 2, clusters: 1),
        Case(name: "camping + VS16", text: "\u{1F3D5}\u{FE0F}", width: 2, clusters: 1),
        Case(name: "copyright, text", text: "\u{A9}", width: 1, clusters: 1),
        Case(name: "copyright + VS16", text: "\u{A9}\u{FE0F}", width: 2, clusters: 1),
        Case(name: "watch + VS15", text: "\u{231A}\u{FE0E}", width: 1, clusters: 1),
        Case(name: "heart + VS15", text: "\u{2764}\u{FE0E}", width: 1, clusters: 1),
        Case(name: "VS16 on a non-emoji stays narrow", text: "\u{2627}\u{FE0F}", width: 1, clusters: 1),
        // Sequences: one cluster, one glyph, two columns.
        Case(name: "ZWJ family", text: "👩‍👩‍👧", width: 2, clusters: 1),
        Case(name: "ZWJ family of four", text: "👨‍👩‍👧‍👦", width: 2, clusters: 1),
        Case(name: "rainbow flag (VS16 + ZWJ)", text: "🏳️‍🌈", width: 2, clusters: 1),
        Case(name: "pirate flag", text: "🏴‍☠️", width: 2, clusters: 1),
        Case(name: "heart on fire", text: "❤️‍🔥", width: 2, clusters: 1),
        Case(name: "kiss with skin tones", text: "👩🏻‍❤️‍💋‍👨🏼", width: 2, clusters: 1),
        Case(name: "flag of Ukraine", text: "🇺🇦", width: 2, clusters: 1),
        Case(name: "two flags", text: "🇺🇦🇩🇪", width: 4, clusters: 2),
        Case(name: "lone regional indicator", text: "\u{1F1FA}", width: 2, clusters: 1),
        Case(name: "Scotland (tag sequence)", text: "🏴󠁧󠁢󠁳󠁣󠁴󠁿", width: 2, clusters: 1),
        Case(name: "keycap 1", text: "1\u{FE0F}\u{20E3}", width: 2, clusters: 1),
        Case(name: "keycap #", text: "#\u{FE0F}\u{20E3}", width: 2, clusters: 1),
        Case(name: "thumbs up, medium skin", text: "👍🏽", width: 2, clusters: 1),
        Case(name: "text-default base + skin tone", text: "\u{261D}\u{1F3FD}", width: 2, clusters: 1),
        Case(name: "lone skin-tone modifier", text: "\u{1F3FD}", width: 2, clusters: 1),
        // Zero width.
        Case(name: "ZWSP between letters", text: "a\u{200B}b", width: 2, clusters: 2),
        Case(name: "ZWJ alone", text: "\u{200D}", width: 0, clusters: 0),
        Case(name: "word joiner", text: "\u{2060}", width: 0, clusters: 0),
        Case(name: "BOM", text: "\u{FEFF}", width: 0, clusters: 0),
        Case(name: "soft hyphen (1, as glibc)", text: "\u{AD}", width: 1, clusters: 1),
        // Control characters: drawn as one-column stand-ins.
        Case(name: "ESC", text: "\u{1B}", width: 1, clusters: 1),
        Case(name: "CR LF", text: "\r\n", width: 2, clusters: 2),
        Case(name: "bidi override", text: "\u{202E}", width: 1, clusters: 1),
        // Mixed.
        Case(name: "mixed row", text: "Hi 中文 ❤️ 👩‍👩‍👧 🇺🇦 e\u{301}", width: 18, clusters: 13),
    ]

    @Test(arguments: cases)
    func width(_ testCase: Case) {
        #expect(TextWidth.of(testCase.text) == testCase.width, "\(testCase.text.debugDescription)")
        #expect(DisplayText.clusters(testCase.text).count == testCase.clusters)
        // Every cell-to-be is 1 or 2 columns.
        #expect(DisplayText.clusters(testCase.text).allSatisfy { $0.width == 1 || $0.width == 2 })
    }

    /// Cutting text into clusters stops once they are wider than asked: a long message drawn
    /// into one row is not segmented whole.
    @Test func clustersStopPastTheColumnsAsked() {
        #expect(DisplayText.clusters(String(repeating: "a", count: 10_000), columns: 5).count == 6)
        #expect(DisplayText.clusters(String(repeating: "中", count: 10_000), columns: 5).count == 3)
        #expect(DisplayText.clusters("abc", columns: 5).count == 3)
    }

    @Test func characterWidthsOfZeroWidthClusters() {
        #expect(TextWidth.of(Character("\u{301}")) == 0)
        #expect(TextWidth.of(Character("\u{200B}")) == 0)
        #expect(TextWidth.of(Character("\u{1160}")) == 0)  // lone Hangul vowel jamo
        #expect(TextWidth.of(Character("\u{FE0F}")) == 0)
    }

    /// A mark that begins a cluster (after a zero-width format character, which ends one) joins
    /// the previous cluster; with nothing before it, it sits on a dotted circle.
    @Test func loneMarksAttachOrStandOnDottedCircle() {
        let afterZWSP = DisplayText.clusters("a\u{200B}\u{301}b")
        #expect(afterZWSP.map { String($0.character) } == ["a\u{301}", "b"])
        #expect(afterZWSP.map(\.width) == [1, 1])

        let leading = DisplayText.clusters("\u{301}x")
        #expect(leading.map { String($0.character) } == ["\u{25CC}\u{301}", "x"])
        #expect(TextWidth.of("\u{301}x") == 2)

        // A variation selector that would widen the previous cluster does not join it.
        let widening = DisplayText.clusters("\u{2764}\u{200B}\u{FE0F}")
        #expect(widening.map(\.width) == [1, 1])
    }

    /// A cluster of hundreds of stacked marks keeps a bounded number of scalars.
    @Test func zalgoIsBounded() {
        let zalgo = "Z" + String(repeating: "\u{301}\u{316}\u{35C}", count: 100)
        let clusters = DisplayText.clusters(zalgo)
        #expect(clusters.count == 1)
        #expect(clusters[0].character.unicodeScalars.count == DisplayText.maximumScalars)
        #expect(clusters[0].width == 1)
    }

    @Test func tableIsSortedAndDisjoint() {
        let table = EastAsianWidthTable.wide
        for (earlier, later) in zip(table, table.dropFirst()) {
            #expect(earlier.upperBound + 1 < later.lowerBound, "\(earlier) \(later)")
        }
        #expect(EastAsianWidth.isWide("中"))
        #expect(!EastAsianWidth.isWide("a"))
        #expect(!EastAsianWidth.isWide("\u{10FFFF}"))
        #expect(EastAsianWidth.isWide("\u{FF01}"))  // fullwidth !
        #expect(!EastAsianWidth.isWide("\u{FF61}"))  // halfwidth 。
    }
}
