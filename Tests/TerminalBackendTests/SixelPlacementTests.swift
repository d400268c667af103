import Display
@testable import TerminalBackend
import Testing

/// Sixel pictures over the frame: the placements read back from marker cells (cut by an edge,
/// a sheet, a dimmed screen), and the overlay's bookkeeping — what is written, what curses
/// redraws, nothing twice.
@Suite("Sixel placements and overlay")
struct SixelPlacementTests {
    static func surface(_ width: Int = 40, _ height: Int = 12) -> Surface { Surface(width: width, height: height) }

    static func sizes(_ id: Int) -> Size? { id == 7 ? Size(width: 6, height: 4) : id == 9 ? Size(width: 3, height: 2) : nil }

    /// The picture's marker grid drawn at `origin`, as the chat draws it (cut to the surface).
    static func draw(_ id: Int, at origin: Point, into surface: inout Surface) {
        let size = sizes(id)!
        let grid = SixelMarker.cells(picture: id, columns: size.width, rows: size.height)!
        surface.draw(in: surface.bounds) { $0.draw(grid, at: origin, over: .plain) }
    }

    @Test func markerColoursRoundTripAndOtherColoursAreNotMarkers() throws {
        let color = try #require(SixelMarker.color(picture: 300, row: 5))
        #expect(SixelMarker.decode(color)! == (300, 5))
        #expect(SixelMarker.decode(.rgb(0xE0, 0xE0, 0xE0)) == nil, "a theme's grey")
        #expect(SixelMarker.decode(.palette(7)) == nil)
        #expect(SixelMarker.color(picture: 0, row: 0) == nil)
        #expect(SixelMarker.color(picture: SixelMarker.maxId, row: 0) == nil)
    }

    @Test func aWholePictureIsOnePlacement() {
        var surface = Self.surface()
        Self.draw(7, at: Point(column: 3, row: 2), into: &surface)
        #expect(SixelMarker.placements(in: surface, size: Self.sizes)
            == [SixelPlacement(picture: 7, rows: 0 ..< 4, columns: 6, origin: Point(column: 3, row: 2))])
    }

    @Test func scrolledPastTheTopOnlyTheRowsInViewArePlaced() {
        var surface = Self.surface()
        Self.draw(7, at: Point(column: 3, row: -1), into: &surface)
        #expect(SixelMarker.placements(in: surface, size: Self.sizes)
            == [SixelPlacement(picture: 7, rows: 1 ..< 4, columns: 6, origin: Point(column: 3, row: 0))])
    }

    @Test func aSheetOverPartOfItsRowsSplitsItAndTheLastScreenRowIsNeverPlaced() {
        var surface = Self.surface(40, 8)
        Self.draw(7, at: Point(column: 3, row: 4), into: &surface)
        // A sheet's box over the picture's second row, from column 5 on.
        surface.fill(Rect(column: 5, row: 5, width: 20, height: 1), with: "─")
        #expect(SixelMarker.placements(in: surface, size: Self.sizes) == [
            SixelPlacement(picture: 7, rows: 0 ..< 1, columns: 6, origin: Point(column: 3, row: 4)),
            SixelPlacement(picture: 7, rows: 2 ..< 3, columns: 6, origin: Point(column: 3, row: 6)),
        ], "row 3 of the picture is on the surface's last row")
    }

    @Test func aDimmedScreenOrAnUnknownPictureHasNoPlacements() {
        var surface = Self.surface()
        Self.draw(7, at: Point(column: 0, row: 0), into: &surface)
        Self.draw(9, at: Point(column: 20, row: 0), into: &surface)
        #expect(SixelMarker.placements(in: surface, size: { $0 == 9 ? Self.sizes(9) : nil }).map(\.picture) == [9])
        surface.draw(in: surface.bounds) { $0.dim() }
        #expect(SixelMarker.placements(in: surface, size: Self.sizes).isEmpty)
    }

    // MARK: The overlay

    static let here = SixelPlacement(picture: 7, rows: 0 ..< 4, columns: 6, origin: Point(column: 3, row: 2))
    static let moved = SixelPlacement(picture: 7, rows: 0 ..< 4, columns: 6, origin: Point(column: 3, row: 1))
    static let other = SixelPlacement(picture: 9, rows: 0 ..< 2, columns: 3, origin: Point(column: 3, row: 8))

    @Test func aNewPlacementIsWrittenOnceAndNotAgainWhileNothingChanges() {
        var overlay = SixelOverlay()
        #expect(overlay.plan([Self.here], changedRows: [2, 3, 4, 5], redrawAll: false) { _ in true }
            == .init(redraw: [], write: [Self.here]))
        #expect(overlay.plan([Self.here], changedRows: [], redrawAll: false) { _ in true } == .init(redraw: [], write: []))
        #expect(overlay.plan([Self.here], changedRows: [10], redrawAll: false) { _ in true } == .init(redraw: [], write: []),
                "a change on another row")
    }

    @Test func aMovedPlacementHasItsOldRowsRedrawnAndIsWrittenAtItsNewPlace() {
        var overlay = SixelOverlay()
        _ = overlay.plan([Self.here, Self.other], changedRows: [], redrawAll: true) { _ in true }
        let plan = overlay.plan([Self.moved, Self.other], changedRows: [1, 2, 3, 4, 5], redrawAll: false) { _ in true }
        #expect(plan == .init(redraw: [2, 3, 4, 5], write: [Self.moved]), "the other picture's rows were not touched")
    }

    @Test func aGonePlacementIsClearedOnceAndACurseWriteOnItsRowsRewritesIt() {
        var overlay = SixelOverlay()
        _ = overlay.plan([Self.here, Self.other], changedRows: [], redrawAll: true) { _ in true }
        #expect(overlay.plan([Self.other], changedRows: [], redrawAll: false) { _ in true } == .init(redraw: [2, 3, 4, 5], write: []))
        #expect(overlay.plan([Self.other], changedRows: [], redrawAll: false) { _ in true } == .init(redraw: [], write: []),
                "nothing twice")
        #expect(overlay.plan([Self.other], changedRows: [9], redrawAll: false) { _ in true } == .init(redraw: [], write: [Self.other]))
    }

    @Test func aPlacementNotReadyIsTriedAgainAndAWholeRedrawWritesEverything() {
        var overlay = SixelOverlay()
        #expect(overlay.plan([Self.here], changedRows: [], redrawAll: false) { _ in false } == .init(redraw: [], write: []))
        #expect(overlay.shown.isEmpty)
        #expect(overlay.plan([Self.here], changedRows: [], redrawAll: false) { _ in true } == .init(redraw: [], write: [Self.here]))
        #expect(overlay.plan([Self.here], changedRows: [], redrawAll: true) { _ in true } == .init(redraw: [], write: [Self.here]))
    }

    @Test func thePixelsGoAtTheCellWithTheCursorSavedAndRestored() {
        let bytes = SixelLayer.placed(Array("\u{1B}Pq#0~\u{1B}\\".utf8), at: Point(column: 3, row: 2))
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}7\u{1B}[3;4H\u{1B}Pq#0~\u{1B}\\\u{1B}8")
        #expect(SixelLayer.placed([], at: .zero).isEmpty)
    }
}
