internal import CCairo

/// The home-screen widget as a PNG, at 2x of iOS's sizes (small 340×340 px, medium 728×340, large
/// 728×764): a rounded panel in the day or night theme with the chats (WidgetListPainter,
/// WidgetSmallPainter) or a notice (WidgetNoticePainter). Outside the rounded corners the PNG is
/// transparent, as a widget sits on the home screen.
public struct WidgetRenderer: Sendable {
    public let scene: WidgetScene

    public init(_ scene: WidgetScene) {
        self.scene = scene
    }

    public func renderPNG() throws -> [UInt8] {
        let layout = WidgetLayout(family: scene.family)
        let palette = WidgetPalette.of(isDark: scene.isDark)
        let pixels = layout.pixelSize
        let canvas = try CairoCanvas(width: pixels.width, height: pixels.height)
        let cr = canvas.cr
        let bounds = WidgetRect(x: 0, y: 0, width: Double(pixels.width), height: Double(pixels.height))
        let radius = WidgetLayout.cornerRadius * WidgetLayout.scale

        cairo_new_path(cr)
        WidgetShapes.roundedRect(cr, bounds, radius: radius)
        WidgetText.set(cr, palette.background)
        cairo_fill_preserve(cr)
        // Everything else stays inside the corners.
        cairo_clip(cr)

        if let notice = scene.notice ?? (scene.rows.isEmpty ? "" : nil) {
            try WidgetNoticePainter(layout: layout, palette: palette).draw(notice, in: cr)
        } else if let metrics = layout.list {
            try WidgetListPainter(layout: layout, metrics: metrics, palette: palette).draw(scene.rows, in: cr)
        } else {
            try WidgetSmallPainter(layout: layout, palette: palette).draw(scene.rows[0], in: cr)
        }

        // A hairline just inside the edge, so the panel reads as a widget on any background.
        cairo_reset_clip(cr)
        cairo_new_path(cr)
        WidgetShapes.roundedRect(cr, WidgetRect(x: 0.5, y: 0.5, width: bounds.width - 1, height: bounds.height - 1), radius: radius - 0.5)
        cairo_set_line_width(cr, 1)
        WidgetText.set(cr, palette.border.color, alpha: palette.border.alpha)
        cairo_stroke(cr)
        return try canvas.pngBytes()
    }
}
