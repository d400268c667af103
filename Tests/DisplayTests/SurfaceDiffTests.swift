@testable import Display
import Testing
import TestSupport

/// `diff` gives a backend only what changed, in runs that start and end on whole glyphs.
@Suite("Surface diff: only changed cells, whole glyphs")
struct SurfaceDiffTests {
    @Test func identicalSurfacesHaveNoRuns() {
        var surface = Surface(width: 20, height: 5)
        surface.put("Hello 中文 👩‍👩‍👧", column: 1, row: 2)
        #expect(surface.diff(from: surface).isEmpty)
    }

    @Test func changedCellsBecomeRunsPerRow() {
        let old = Surface(width: 10, height: 3)
        var new = old
        new.put("ab", column: 2, row: 0)
        new.put("x", column: 5, row: 0)
        new.put("yz", column: 8, row: 2)
        let runs = new.diff(from: old)
        #expect(runs.map { [$0.row, $0.column] } == [[0, 2], [0, 5], [2, 8]])
        #expect(runs.map(\.text) == ["ab", "x", "yz"])
    }

    @Test func adjacentChangesMergeIntoOneRun() {
        let old = Surface(width: 10, height: 1)
        var new = old
        new.put("abc", column: 0, row: 0)
        new.put("d", column: 3, row: 0, style: Style(attributes: .bold))
        let runs = new.diff(from: old)
        #expect(runs.count == 1)
        #expect(runs[0].text == "abcd" && runs[0].cells.count == 4)
    }

    @Test func styleOnlyChangeIsARun() {
        var old = Surface(width: 6, height: 1)
        old.put("abc", column: 0, row: 0)
        var new = old
        new.put("b", column: 1, row: 0, style: Style(foreground: .palette(9)))
        let runs = new.diff(from: old)
        #expect(runs.count == 1 && runs[0].column == 1 && runs[0].text == "b")
        #expect(runs[0].cells[0].style.foreground == .palette(9))
    }

    /// A changed wide character's run includes its continuation, and a change that leaves the
    /// continuation of a new wide character different starts at its left half.
    @Test func runsCoverWholeWideCharacters() {
        var old = Surface(width: 8, height: 1)
        old.put("a中b", column: 0, row: 0)
        var new = old
        new.put("文", column: 1, row: 0)
        let runs = new.diff(from: old)
        #expect(runs.count == 1 && runs[0].column == 1 && runs[0].cells.count == 2 && runs[0].text == "文")

        // Wide replaced by narrow: both columns are in the run.
        var narrow = old
        narrow.put("x", column: 1, row: 0)
        let narrowRuns = narrow.diff(from: old)
        #expect(narrowRuns.count == 1 && narrowRuns[0].column == 1 && narrowRuns[0].text == "x ")

        // Narrow cells replaced by a wide one whose lead is unchanged is impossible; a wide
        // character moved right by one starts its run on its lead, never on a continuation.
        var shifted = Surface(width: 8, height: 1)
        shifted.put("ab中", column: 0, row: 0)
        var moved = shifted
        moved.put("b", column: 2, row: 0)
        moved.put("中", column: 3, row: 0)
        let movedRuns = moved.diff(from: shifted)
        for run in movedRuns { #expect(!run.cells[0].isContinuation) }
        for run in movedRuns { #expect(!(run.cells.last!.isWide)) }
        #expect(movedRuns.map(\.text) == ["b中"])
    }

    /// Applying every run to the old surface gives the new one.
    @Test func runsReproduceTheNewSurface() {
        var generator = SeededGenerator(seed: 42)
        let words = ["Ada", "中文字", "👩‍👩‍👧", "🇺🇦", "e\u{301}", "❤️", "│", "x", "  ", "한국"]
        for _ in 0 ..< 200 {
            var old = Surface(width: 16, height: 3)
            var new = old
            for surfaceIndex in 0 ..< 2 {
                for _ in 0 ..< 6 {
                    let text = words.randomElement(using: &generator)!
                    let column = Int.random(in: 0 ..< 16, using: &generator)
                    let row = Int.random(in: 0 ..< 3, using: &generator)
                    let style = Bool.random(using: &generator) ? Style.plain : Style(attributes: .bold)
                    if surfaceIndex == 0 { old.put(text, column: column, row: row, style: style) }
                    new.put(text, column: column, row: row, style: style)
                }
            }
            var replayed = old
            for run in new.diff(from: old) {
                #expect(!run.cells[0].isContinuation)
                #expect(!run.cells.last!.isWide)
                var column = run.column
                for cell in run.cells where !cell.isContinuation {
                    replayed.write(cell, column: column, row: run.row)
                    column += cell.width
                }
            }
            #expect(replayed == new)
            expectWellFormed(new)
        }
    }

    @Test func differentSizesRedrawEverything() {
        let old = Surface(width: 4, height: 2)
        var new = Surface(width: 5, height: 2)
        new.put("hi", column: 0, row: 1)
        let runs = new.diff(from: old)
        #expect(runs.map(\.row) == [0, 1])
        #expect(runs.allSatisfy { $0.column == 0 && $0.cells.count == 5 })
        #expect(runs[1].text == "hi   ")
    }
}
