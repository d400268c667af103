import Display
import Testing
@testable import TerminalBackend

/// Clusters fitted to ncurses' cells (CCHARW_MAX scalars) and to its idea of their width.
struct TerminalGlyphTests {
    /// glibc's widths for the scalars used here.
    func glibc(_ scalar: UInt32) -> Int {
        switch scalar {
        case 0x200D, 0xFE0F, 0x20E3, 0x301 ... 0x306, 0xE0000 ... 0xE007F: return 0
        case 0x1F468, 0x1F469, 0x1F467, 0x1F466, 0x1F9D1, 0x1F3FB, 0x1F3FD, 0x1F91D, 0x1F44D, 0x1F3F4, 0x4E00: return 2
        case 0x1FAE8: return -1  // newer than glibc's tables
        default: return 1
        }
    }

    func glyph(_ text: String) -> TerminalGlyph {
        TerminalGlyph.make(for: Cell(Character(text)), maxScalars: 5, columns: glibc)
    }

    @Test func baseAndZeroWidthMarksPassWhole() {
        #expect(glyph("e\u{301}\u{303}") == TerminalGlyph(scalars: [0x65, 0x301, 0x303]))
        #expect(glyph("a") == TerminalGlyph(scalars: [0x61]))
        #expect(glyph("一") == TerminalGlyph(scalars: [0x4E00]))
    }

    /// ncurses keeps one spacing character a cell: a sequence shows its first emoji.
    @Test func emojiSequencesKeepTheirFirstEmoji() {
        #expect(glyph("👩‍👩‍👧") == TerminalGlyph(scalars: [0x1F469]))
        #expect(glyph("👨‍👩‍👧‍👦") == TerminalGlyph(scalars: [0x1F468]))
        #expect(glyph("🧑🏻‍🤝‍🧑🏻") == TerminalGlyph(scalars: [0x1F9D1]))
        #expect(glyph("👍🏽") == TerminalGlyph(scalars: [0x1F44D]))
        // A subdivision flag: the black flag, without the tag characters.
        #expect(glyph("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}") == TerminalGlyph(scalars: [0x1F3F4]))
    }

    @Test func stackedMarksStopAtTheCellsLimit() {
        #expect(TerminalGlyph.fitted([0x61, 0x301, 0x302, 0x303, 0x304, 0x305, 0x306], maxScalars: 5, columns: glibc)
                == [0x61, 0x301, 0x302, 0x303, 0x304])
    }

    @Test func widthDisagreementsGetStandIns() {
        // ❤️ is 2 columns to Display, 1 to glibc: text presentation and a space.
        #expect(glyph("❤️") == TerminalGlyph(scalars: [0x2764], secondColumn: [0x20]))
        // A flag: its letters.
        #expect(glyph("🇺🇦") == TerminalGlyph(scalars: [0x55], secondColumn: [0x41]))
        // A keycap: "1" is one column to glibc; the text keycap and a space.
        #expect(glyph("1\u{FE0F}\u{20E3}") == TerminalGlyph(scalars: [0x31, 0x20E3], secondColumn: [0x20]))
        // Unknown to glibc: the replacement character, padded.
        #expect(glyph("🫨") == TerminalGlyph(scalars: [0xFFFD], secondColumn: [0x20]))
        // One column to Display, two to glibc (text presentation of an emoji).
        #expect(TerminalGlyph.make(for: Cell("👩\u{FE0E}"), maxScalars: 5, columns: glibc)
                == TerminalGlyph(scalars: [0xFFFD]))
    }
}
