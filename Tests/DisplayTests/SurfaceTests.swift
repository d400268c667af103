@testable import Display
import Testing

/// Surface operations: text, truncation, wide-character repair, fills, boxes, canvases.
@Suite("Surface: drawing into the grid of cells")
struct SurfaceTests {
    /// Row `row` as text, with continuations shown as `_` so that tests see every column.
    func columns(_ surface: Surface, _ row: Int) -> String {
        var line = ""
        for cell in surface.row(row) { line.append(cell.isContinuation ? "_" : cell.character) }
        return line
    }

    @Test func newSurfaceIsBlank() {
        let surface = Surface(width: 3, height: 2)
        #expect(surface.textLines == ["   ", "   "])
        #expect(surface[2, 1] == .blank())
        #expect(Surface(width: -1, height: 5).width == 0)
    }

    @Test func putDrawsClustersAndReturnsTheNextColumn() {
        var surface = Surface(width: 10, height: 1)
        let style = Style(foreground: .palette(2), attributes: .bold)
        let end = surface.put("a中👩‍👩‍👧b", column: 1, row: 0, style: style)
        #expect(end == 7)
        #expect(columns(surface, 0) == " a中_👩‍👩‍👧_b   ")
        #expect(surface[2, 0].isWide && surface[3, 0].isContinuation && surface[3, 0].style == style)
        #expect(surface[1, 0].style == style && surface[0, 0].style == .plain)
        expectWellFormed(surface)
    }

    @Test func textThatFitsExactlyIsNotTruncated() {
        var surface = Surface(width: 6, height: 1)
        surface.put("ab中文", column: 0, row: 0)
        #expect(columns(surface, 0) == "ab中_文_")
    }

    @Test func truncationPutsTheEllipsisInsideTheLimit() {
        var surface = Surface(width: 10, height: 1)
        let end = surface.put("Hello, world", column: 0, row: 0, maxWidth: 6)
        #expect(end == 6)
        #expect(columns(surface, 0) == "Hello…    ")
    }

    @Test func truncationAtTheSurfaceEdge() {
        var surface = Surface(width: 8, height: 1)
        surface.put("Hello, world", column: 3, row: 0)
        #expect(columns(surface, 0) == "   Hell…")
    }

    /// A wide character that would straddle the limit is not cut in half: `…` and a space.
    @Test func wideCharacterNeverStraddlesTheLimit() {
        var surface = Surface(width: 8, height: 1)
        surface.fill(surface.bounds, with: "x")
        let end = surface.put("ab中文字", column: 0, row: 0, maxWidth: 4)
        #expect(end == 4)
        #expect(columns(surface, 0) == "ab… xxxx")

        var exact = Surface(width: 8, height: 1)
        exact.put("ab中文字", column: 0, row: 0, maxWidth: 5)
        #expect(columns(exact, 0) == "ab中_…   ")

        var one = Surface(width: 3, height: 1)
        one.put("中", column: 0, row: 0, maxWidth: 1)
        #expect(columns(one, 0) == "…  ")

        var clipped = Surface(width: 8, height: 1)
        clipped.put("ab中文字", column: 0, row: 0, maxWidth: 5, truncation: .clip)
        #expect(columns(clipped, 0) == "ab中_    ")
        clipped.put("a中文", column: 0, row: 0, maxWidth: 4, truncation: .clip)
        #expect(columns(clipped, 0) == "a中_     ")
        expectWellFormed(clipped)
    }

    @Test func nothingIsDrawnOutsideTheSurfaceOrWithoutRoom() {
        var surface = Surface(width: 4, height: 2)
        #expect(surface.put("abc", column: 0, row: 5) == 3)  // below the surface: nothing drawn
        #expect(surface.put("abc", column: 0, row: -1) == 3)
        #expect(surface.put("abc", column: 4, row: 0) == 4)
        #expect(surface.put("abc", column: 1, row: 0, maxWidth: 0) == 1)
        #expect(surface.textLines == ["    ", "    "])
        // Starting left of the surface: what is left of column 0 is lost, no ellipsis there.
        surface.put("xy中z", column: -2, row: 0)
        #expect(columns(surface, 0) == "中_z ")
        surface.put("x中z", column: -2, row: 1)
        #expect(columns(surface, 1) == " z  ")  // the visible half of 中 is a space
        expectWellFormed(surface)
    }

    /// Overwriting either half of a wide character turns its other half into a space, in the
    /// wide character's style, and nothing after it moves.
    @Test func overwritingHalfAWideCharacterRepairsTheOtherHalf() {
        let wideStyle = Style(background: .palette(4))
        var right = Surface(width: 6, height: 1)
        right.put("中文|", column: 0, row: 0, style: wideStyle)
        right.put("x", column: 1, row: 0)
        #expect(columns(right, 0) == " x文_| ")
        #expect(right[0, 0].style == wideStyle)

        var left = Surface(width: 6, height: 1)
        left.put("中文|", column: 0, row: 0)
        left.put("y", column: 2, row: 0)
        #expect(columns(left, 0) == "中_y | ")

        // A wide character over the halves of two others.
        var both = Surface(width: 6, height: 1)
        both.put("中文|", column: 0, row: 0)
        both.put("字", column: 1, row: 0)
        #expect(columns(both, 0) == " 字_ | ")
        expectWellFormed(both)
    }

    @Test func fillAndClear() {
        var surface = Surface(width: 5, height: 3)
        let style = Style(background: .rgb(10, 20, 30))
        surface.put("中文", column: 0, row: 1)
        surface.fill(Rect(column: 1, row: 0, width: 2, height: 3), with: ".", style: style)
        #expect(surface.textLines == [" ..  ", " ..  ", " ..  "])
        #expect(columns(surface, 1) == " ..  ")  // both wide characters were cut: spaces remain
        #expect(surface[1, 2].style == style && surface[3, 2].style == .plain)
        // A wide fill character: whole pairs, then a space.
        surface.fill(Rect(column: 0, row: 0, width: 5, height: 1), with: "中")
        #expect(columns(surface, 0) == "中_中_ ")
        // Filling outside the surface is cut to it.
        surface.fill(Rect(column: -3, row: 2, width: 100, height: 100), with: "#")
        #expect(columns(surface, 2) == "#####")
        surface.clear(style: style)
        #expect(surface == Surface(width: 5, height: 3, style: style))
        expectWellFormed(surface)
    }

    @Test func boxBordersAndTitle() {
        var surface = Surface(width: 12, height: 4)
        surface.drawBox(Rect(column: 1, row: 0, width: 10, height: 4), title: "A long title")
        #expect(surface.textLines == [
            " ┌─A lon…─┐ ",
            " │        │ ",
            " │        │ ",
            " └────────┘ ",
        ])
        // Too small to have a border: nothing.
        var small = Surface(width: 3, height: 3)
        small.drawBox(Rect(column: 0, row: 0, width: 1, height: 3))
        #expect(small == Surface(width: 3, height: 3))
    }

    @Test func canvasDrawsInLocalCoordinatesAndIsClipped() {
        var surface = Surface(width: 10, height: 4)
        let frame = Rect(column: 2, row: 1, width: 5, height: 2)
        let end = surface.draw(in: frame) { canvas in
            #expect(canvas.size == Size(width: 5, height: 2))
            canvas.fill(Rect(column: -5, row: -5, width: 50, height: 50), with: ":")
            canvas.put("0123456789", column: 0, row: 0, maxWidth: 100)
            canvas.put("far", column: 0, row: 5)  // below the canvas: nothing
            return canvas.put("ab", column: 1, row: 1)
        }
        #expect(end == 3)
        #expect(surface.textLines == [
            "          ",
            "  0123…   ",
            "  :ab::   ",
            "          ",
        ])
        // Nested canvases intersect.
        surface.draw(in: Rect(column: 0, row: 0, width: 4, height: 4)) { outer in
            outer.draw(in: Rect(column: 2, row: 3, width: 10, height: 10)) { inner in
                inner.fill(inner.bounds, with: "#")
                #expect(inner[0, 0]?.character == "#")
                #expect(inner[0, 1] == nil)
            }
        }
        #expect(surface.textLines[3] == "  ##      ")
    }

    /// A wide character cut by a canvas edge: its outside half is repaired, never left half.
    @Test func canvasEdgeCuttingAWideCharacter() {
        var surface = Surface(width: 6, height: 1)
        surface.put("中文字", column: 0, row: 0)
        surface.draw(in: Rect(column: 1, row: 0, width: 2, height: 1)) { canvas in
            canvas.clear()
        }
        #expect(columns(surface, 0) == "    字_")
        expectWellFormed(surface)
    }

    @Test func styleDescriptions() {
        #expect(Style.plain.description == "plain")
        #expect(Style(foreground: .palette(1), background: .rgb(1, 2, 255), attributes: [.bold, .underline]).description
            == "fg palette(1) bg #0102ff bold underline")
        #expect(Style(attributes: [.dim, .reverse, .italic]).description == "dim reverse italic")
    }
}

/// The ASCII fast path of `put` draws exactly what the general path draws: the same text with a
/// zero-width space appended (which the general path drops) must give the same cells, at every
/// limit, clip and truncation, over a row that already holds wide characters.
@Suite("put: the ASCII path and the general path agree")
struct PutPathsAgreeTests {
    @Test(arguments: [Truncation.ellipsis, .clip])
    func sameCellsEitherWay(truncation: Truncation) {
        let texts = ["", "a", "hello world", "exactly ten", String(repeating: "x", count: 40)]
        for text in texts {
            for maxWidth in [nil, 0, 1, 2, 5, 10, 11, 30] as [Int?] {
                for start in [-3, 0, 4, 19] {
                    for clipStart in [0, 2, 7] {
                        var fast = Surface(width: 24, height: 2)
                        fast.put("中文中文中文中文中文中文", column: 0, row: 0)
                        var general = fast
                        let clip = Rect(column: clipStart, row: 0, width: 24 - clipStart, height: 1)
                        let a = fast.draw(in: clip) {
                            $0.put(text, column: start - clipStart, row: 0, maxWidth: maxWidth, truncation: truncation)
                        }
                        let b = general.draw(in: clip) {
                            $0.put(text + "\u{200B}", column: start - clipStart, row: 0, maxWidth: maxWidth, truncation: truncation)
                        }
                        #expect(fast == general, "\(text.debugDescription) max \(String(describing: maxWidth)) at \(start) clip \(clipStart)")
                        #expect(a == b)
                    }
                }
            }
        }
    }
}
