@testable import Display
import Testing

@Suite("Glyph: clusters stored as plain values")
struct GlyphTests {
    @Test(arguments: ["a", " ", "é", "e\u{301}", "中", "❤️", "🇺🇦", "1\u{FE0F}\u{20E3}", "👍🏽", "👩‍👩‍👧",
                      "👨‍👩‍👧‍👦", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}"])
    func roundTrips(_ text: String) {
        let character = Character(text)
        let glyph = Glyph(character, width: TextWidth.of(character))
        #expect(Array(String(glyph.character).unicodeScalars) == Array(text.unicodeScalars))
        #expect(glyph == Glyph(character, width: TextWidth.of(character)), "the same cluster is the same glyph")
    }

    @Test func fifteenBytesInlineSixteenInTheTable() {
        let fifteen = Character("a" + String(repeating: "\u{301}", count: 7))  // 1 + 7 × 2 bytes
        let sixteen = Character("b" + String(repeating: "\u{301}", count: 7) + "\u{300}")
        #expect(String(fifteen).utf8.count == 15)
        let before = GlyphTable.shared.count
        _ = Glyph(fifteen, width: 1)
        #expect(GlyphTable.shared.count == before)
        #expect(String(sixteen).utf8.count == 17)
        #expect(Glyph(sixteen, width: 1).character == sixteen)
    }

    @Test func aFullTableStoresStandInsOfTheSameWidth() {
        let table = GlyphTable(capacity: 3)
        let clusters = (0 ..< 5).map { Character("👩‍👩‍👧" + String(repeating: "\u{FE0F}", count: $0 + 1)) }
        let indices = clusters.map { table.index(of: $0, width: 2) }
        #expect(table.character(at: indices[0]) == clusters[0])
        #expect(table.character(at: indices[2]) == clusters[2])
        #expect(table.character(at: indices[3]) == "〓" && indices[3] == indices[4])
        #expect(table.character(at: table.index(of: clusters[1], width: 2)) == clusters[1], "known ones are still found")
        #expect(table.character(at: table.index(of: Character("x\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}"), width: 1)) == "�")
        #expect(table.count == 5)
    }

    /// What a backend writes without decoding: one printable ASCII byte, and nothing else.
    @Test func printableASCIIIsTheOneByteOfAPlainCell() {
        #expect(Cell("a").printableASCII == UInt8(ascii: "a"))
        #expect(Cell("~").printableASCII == UInt8(ascii: "~"))
        #expect(Cell.blank().printableASCII == UInt8(ascii: " "))
        #expect(Cell(ascii: 0x41, style: .plain).printableASCII == 0x41)
        for other in ["é", "e\u{301}", "中", "❤️", "\u{7F}", "\u{1B}", "👩‍👩‍👧"] {
            #expect(Cell(Character(other)).printableASCII == nil, "\(other.unicodeScalars.map(\.value))")
        }
        #expect(Cell.continuation(.plain).printableASCII == nil)
    }
}
