import Container
@testable import Display
import Testing
import TestSupport

/// No cell ever holds a scalar that could drive the terminal or reorder the text after it.
@Suite("VisibleText: cells never hold control characters")
struct VisibleTextTests {
    static let hostile: [String] = [
        "\u{1B}[2J\u{1B}[Hcleared", "\u{1B}]0;new title\u{07}", "bell\u{07}", "line\nforged: yes", "over\rwrite",
        "\u{9B}31mC1 CSI", "\u{85}next line", "del\u{7F}", "nul\u{0}", "\u{202E}txt.exe", "\u{2066}isolate\u{2069}",
        "sep\u{2028}arator\u{2029}", "tab\there", "\u{061C}\u{200E}\u{200F}", "\u{1B}\u{301}mark on ESC",
        "中\u{1B}文", "👩‍👩‍👧\u{0}\u{1F1FA}\u{7}\u{1F1E6}", "\r\n", "\u{301}\u{1B}",
    ]

    /// The rule restated in Display is exactly the container's: the same answer for every scalar.
    @Test func sameRuleAsTerminalText() {
        for value in UInt32(0) ... 0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if VisibleText.isUnsafe(scalar) != TerminalText.needsEscape(scalar) {
                Issue.record("U+\(String(value, radix: 16)) differs")
            }
        }
    }

    @Test func standIns() {
        #expect(VisibleText.sanitized("a\u{1B}b") == "a\u{241B}b")
        #expect(VisibleText.sanitized("\n\t\u{0}") == "\u{240A}\u{2409}\u{2400}")
        #expect(VisibleText.sanitized("\u{7F}") == "\u{2421}")
        #expect(VisibleText.sanitized("\u{9B}\u{2028}\u{202E}") == "\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(VisibleText.sanitized("Ada 👩‍👩‍👧") == "Ada 👩‍👩‍👧")
    }

    @Test(arguments: hostile)
    func drawnTextNeverLeavesAnUnsafeScalarInACell(_ text: String) {
        var surface = Surface(width: 40, height: 3)
        surface.put(text, column: 0, row: 0)
        surface.put(text, column: 3, row: 1, maxWidth: 5)
        surface.fill(Rect(column: 0, row: 2, width: 4, height: 1), with: text.first!)
        surface.drawBox(Rect(column: 20, row: 0, width: 20, height: 3), title: text)
        expectNoUnsafeScalar(surface)
        for cluster in DisplayText.clusters(text) {
            #expect(!cluster.character.unicodeScalars.contains(where: VisibleText.isUnsafe))
        }
    }

    /// Random strings drawn from a pool heavy in controls, marks, joiners and wide characters.
    @Test func randomTextNeverLeavesAnUnsafeScalarInACell() {
        let pool: [Unicode.Scalar] = [
            "\u{0}", "\u{7}", "\u{8}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{9F}",
            "\u{2028}", "\u{2029}", "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}", "\u{2066}",
            "\u{2069}", "\u{200B}", "\u{200D}", "\u{FE0E}", "\u{FE0F}", "\u{301}", "\u{20E3}", "\u{1F3FD}",
            "\u{1F1FA}", "\u{1F1E6}", "\u{1F469}", "\u{2764}", "a", "1", "中", "\u{1100}", "\u{1161}", " ",
        ]
        var generator = SeededGenerator(seed: 13)
        for _ in 0 ..< 500 {
            var scalars = String.UnicodeScalarView()
            for _ in 0 ..< Int.random(in: 1 ... 24, using: &generator) {
                scalars.append(pool.randomElement(using: &generator)!)
            }
            let text = String(scalars)
            var surface = Surface(width: 12, height: 1)
            surface.put(text, column: Int.random(in: -3 ... 8, using: &generator), row: 0,
                        maxWidth: Int.random(in: 0 ... 12, using: &generator))
            expectNoUnsafeScalar(surface)
            expectWellFormed(surface)
        }
    }

    func expectNoUnsafeScalar(_ surface: Surface, sourceLocation: SourceLocation = #_sourceLocation) {
        for row in 0 ..< surface.height {
            for cell in surface.row(row) where cell.character.unicodeScalars.contains(where: VisibleText.isUnsafe) {
                Issue.record("unsafe cell \(String(cell.character).debugDescription)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func cellInitializerIsSafeToo() {
        #expect(Cell("\u{1B}").character == "\u{241B}")
        #expect(Cell("\u{202E}").character == "\u{FFFD}")
        #expect(Cell("\u{200B}").character == " ")
        #expect(Cell("\u{301}").character == "\u{25CC}\u{301}")
        #expect(Cell("中").width == 2)
    }
}

/// Checks the surface's invariant: every continuation follows a wide cell and every wide cell
/// is followed by a continuation; every cell is 0, 1 or 2 wide.
func expectWellFormed(_ surface: Surface, sourceLocation: SourceLocation = #_sourceLocation) {
    for row in 0 ..< surface.height {
        let cells = Array(surface.row(row))
        for (column, cell) in cells.enumerated() {
            if cell.isContinuation && (column == 0 || !cells[column - 1].isWide) {
                Issue.record("orphan continuation at \(column),\(row)", sourceLocation: sourceLocation)
            }
            if cell.isWide && (column + 1 >= cells.count || !cells[column + 1].isContinuation) {
                Issue.record("wide cell without continuation at \(column),\(row)", sourceLocation: sourceLocation)
            }
            if !(0 ... 2).contains(cell.width) {
                Issue.record("cell width \(cell.width) at \(column),\(row)", sourceLocation: sourceLocation)
            }
        }
    }
}
