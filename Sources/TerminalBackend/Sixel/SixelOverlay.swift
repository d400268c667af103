/// Which sixel pictures a frame writes and which screen rows curses must redraw whole — the
/// bookkeeping, pure. Pixels stay on the terminal until text is written over them, and curses
/// does not know they are there, so:
/// - a placement shown last frame and not now (scrolled, covered, the chat closed) has its rows
///   redrawn by curses (the caller marks them with `wredrawln`), which erases its pixels;
/// - a placement is written when it is new, or when curses writes on its rows this frame (a
///   redrawn row, a changed cell: curses may have written over some of its pixels), or after
///   the whole screen was redrawn;
/// - an unchanged placement on untouched rows is not written again.
/// A placement whose bytes are not ready (a crop still being encoded) is left out and tried
/// again next frame.
public struct SixelOverlay: Sendable {
    public private(set) var shown: Set<SixelPlacement> = []

    public init() {}

    public struct Plan: Equatable, Sendable {
        /// Screen rows curses must redraw whole, before its update.
        public var redraw: [Int]
        /// Placements to write after the update, top to bottom.
        public var write: [SixelPlacement]
    }

    /// - Parameters:
    ///   - placements: the frame's (`SixelMarker.placements`).
    ///   - changedRows: rows where curses writes cells this frame.
    ///   - redrawAll: the whole screen is drawn again (first frame, a resize, a clear).
    ///   - ready: whether a placement's bytes are at hand.
    public mutating func plan(_ placements: [SixelPlacement], changedRows: Set<Int>, redrawAll: Bool,
                              ready: (SixelPlacement) -> Bool) -> Plan {
        let current = Set(placements)
        var redraw: Set<Int> = []
        if !redrawAll {
            for gone in shown.subtracting(current) { redraw.formUnion(gone.screenRows) }
        }
        let touched = changedRows.union(redraw)
        var write: [SixelPlacement] = []
        var nowShown: Set<SixelPlacement> = []
        for placement in placements where ready(placement) {
            nowShown.insert(placement)
            if redrawAll || !shown.contains(placement) || placement.screenRows.contains(where: touched.contains) {
                write.append(placement)
            }
        }
        // Rows of a placement not ready now but shown before are redrawn above; one never shown
        // has only its marker cells (blank) there.
        shown = nowShown
        return Plan(redraw: redraw.sorted(), write: write)
    }

    /// Forgets what was shown (the terminal was cleared, or sixel is no longer used).
    public mutating func reset() { shown = [] }
}
