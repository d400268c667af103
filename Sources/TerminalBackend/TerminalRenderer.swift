import CNcursesw
import Display
import Glibc

/// Copies surfaces to the terminal through ncurses, sending only what changed.
///
/// It keeps the last surface drawn and writes `surface.diff(from: last)`: each run's cells go to
/// ncurses' `stdscr` with `setcchar` + `mvwadd_wch` (whole clusters, see `TerminalGlyph`), and
/// one `wnoutrefresh` + `doupdate` per frame lets ncurses send the terminal the least it can.
/// The first frame, a frame of another size and a frame after `invalidate()` are drawn whole on
/// a cleared screen.
///
/// The bottom-right cell: ncurses stores a character written there even though the cursor
/// cannot advance past it (`mvwadd_wch` returns ERR, which is ignored) and sends it without
/// scrolling, because `scrollok` stays off on `stdscr`.
///
/// Sixel pictures (`sixels`, set by an app that draws them) are written after the update, with
/// the rows they leave redrawn whole by curses in the same update (SixelLayer, SixelOverlay).
@MainActor
public final class TerminalRenderer {
    private var last: Surface?
    private let mapper: ColorMapper
    private let pairs: ColorPairs
    private let maxScalars = Int(tg_CCHARW_MAX())
    /// Bytes for the terminal after curses' update (the sixels), in order after its own.
    private let send: ([UInt8]) -> Void

    /// Pictures drawn in sixel over their marker cells; nil: none. Setting or clearing it
    /// redraws the next frame whole, which also clears any pixels left.
    public var sixels: SixelLayer? {
        didSet {
            guard oldValue !== sixels else { return }
            // Inserting or deleting characters would slide text under pixels curses cannot see.
            if let window = tg_stdscr() { idcok(window, sixels == nil) }
            invalidate()
        }
    }

    init(mapper: ColorMapper, pairs: ColorPairs, send: @escaping ([UInt8]) -> Void) {
        self.mapper = mapper
        self.pairs = pairs
        self.send = send
    }

    /// Draws `surface`: the cells that differ from the last frame, or everything when the size
    /// changed. The terminal shows the frame when this returns.
    public func draw(_ surface: Surface) {
        guard let window = tg_stdscr() else { return }
        if last?.size != surface.size {
            clearScreen(window)
        }
        var runs = surface.diff(from: last ?? Surface(width: 0, height: 0))
        if !write(runs, to: window) {
            // The colour pairs ran out mid-frame and started over: cells drawn earlier may now
            // point at redefined pairs, so draw everything again with the fresh table.
            clearScreen(window)
            runs = surface.diff(from: Surface(width: 0, height: 0))
            _ = write(runs, to: window)
        }
        var pictures: [UInt8] = []
        if let sixels {
            let frame = sixels.frame(surface, changedRows: Set(runs.map(\.row)), redrawAll: last == nil)
            for row in frame.redraw where row < surface.height { wredrawln(window, Int32(row), 1) }
            pictures = frame.output
        }
        wnoutrefresh(window)
        doupdate()
        last = surface
        if !pictures.isEmpty { send(pictures) }
    }

    /// Makes the next `draw` repaint the whole screen (after a resize, or when something else
    /// wrote to the terminal).
    public func invalidate() { last = nil }

    private func clearScreen(_ window: UnsafeMutablePointer<WINDOW>) {
        werase(window)
        clearok(tg_curscr(), true)
        last = nil
    }

    /// Writes the runs; false when the colour pairs were reset on the way.
    private func write(_ runs: [SurfaceRun], to window: UnsafeMutablePointer<WINDOW>) -> Bool {
        var pairsKept = true
        // A run's cells mostly share a style: its attributes and pair are worked out once.
        var pen: (style: Style, attributes: attr_t, pair: Int32)?
        for run in runs {
            var column = run.column
            for cell in run.cells {
                defer { column += 1 }
                if cell.isContinuation { continue }  // the wide glyph on its left covers it
                if pen?.style != cell.style {
                    let colours = mapper.pen(for: cell.style)
                    let (pair, reset) = pairs.pair(foreground: colours.foreground, background: colours.background)
                    if reset { pairsKept = false }
                    pen = (cell.style, AttributeMapping.attributes(colours.attributes), pair)
                }
                let (attributes, pair) = (pen!.attributes, pen!.pair)
                if let byte = cell.printableASCII {
                    // Most cells: one byte, no cluster to decode or fit to ncurses' widths.
                    var characters: (wchar_t, wchar_t) = (wchar_t(byte), 0)
                    withUnsafePointer(to: &characters) { pointer in
                        pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { put($0, attributes: attributes, pair: pair, row: run.row, column: column, in: window) }
                    }
                    continue
                }
                let glyph = TerminalGlyph.make(for: cell, maxScalars: maxScalars) { Int(tg_wcwidth($0)) }
                put(glyph.scalars, attributes: attributes, pair: pair, row: run.row, column: column, in: window)
                if let second = glyph.secondColumn {
                    put(second, attributes: attributes, pair: pair, row: run.row, column: column + 1, in: window)
                }
            }
        }
        return pairsKept
    }

    private func put(_ scalars: [UInt32], attributes: attr_t, pair: Int32, row: Int, column: Int,
                     in window: UnsafeMutablePointer<WINDOW>) {
        var characters = scalars.map { wchar_t(bitPattern: $0) }
        characters.append(0)
        put(characters, attributes: attributes, pair: pair, row: row, column: column, in: window)
    }

    /// `characters`: the cell's wide characters, ended by a 0.
    private func put(_ characters: UnsafePointer<wchar_t>, attributes: attr_t, pair: Int32, row: Int, column: Int,
                     in window: UnsafeMutablePointer<WINDOW>) {
        var cell = cchar_t()
        var extendedPair = pair
        // The pair goes through `opts` (ncurses 6's extended pair), so numbers over 32767 work.
        _ = setcchar(&cell, characters, attributes, 0, &extendedPair)
        _ = mvwadd_wch(window, Int32(row), Int32(column), &cell)
    }
}
