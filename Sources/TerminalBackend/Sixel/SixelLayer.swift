import Display

/// The renderer's sixel pictures: after each frame's update, the pixels of the pictures whose
/// marker cells are on screen (`SixelMarker`), placed by `SixelOverlay`'s plan. The app says
/// how big each picture is and gives its bytes — a lookup only: encoding is the app's, off the
/// frame path; a placement whose bytes are not ready is nil and is tried next frame.
@MainActor
public final class SixelLayer {
    private let size: (Int) -> Size?
    private let bytes: (SixelPlacement) -> [UInt8]?
    var overlay = SixelOverlay()

    /// - Parameters:
    ///   - size: picture id → its size in cells (nil: not a picture of the app's).
    ///   - bytes: a placement's sixel bytes (DCS … ST), nil until encoded.
    public init(size: @escaping (Int) -> Size?, bytes: @escaping (SixelPlacement) -> [UInt8]?) {
        self.size = size
        self.bytes = bytes
    }

    /// The plan for `surface`, and the bytes to send after curses' update.
    func frame(_ surface: Surface, changedRows: Set<Int>, redrawAll: Bool) -> (redraw: [Int], output: [UInt8]) {
        let placements = SixelMarker.placements(in: surface, size: size)
        var found: [SixelPlacement: [UInt8]] = [:]
        let plan = overlay.plan(placements, changedRows: changedRows, redrawAll: redrawAll) { placement in
            guard let sixel = bytes(placement) else { return false }
            found[placement] = sixel
            return true
        }
        var output: [UInt8] = []
        for placement in plan.write { output += Self.placed(found[placement] ?? [], at: placement.origin) }
        return (plan.redraw, output)
    }

    /// The sixel at a cell: the cursor saved (DECSC), moved there, the picture, the cursor and
    /// its attributes back (DECRC) where curses believes they are.
    nonisolated static func placed(_ sixel: [UInt8], at origin: Point) -> [UInt8] {
        guard !sixel.isEmpty else { return [] }
        return Array("\u{1B}7\u{1B}[\(origin.row + 1);\(origin.column + 1)H".utf8) + sixel + Array("\u{1B}8".utf8)
    }
}
