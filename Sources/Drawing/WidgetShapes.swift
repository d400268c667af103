internal import CCairo

/// Paths the widget draws: its rounded outline, Telegram's logo, the saved-messages bookmark.
enum WidgetShapes {
    static func roundedRect(_ cr: OpaquePointer, _ r: WidgetRect, radius: Double) {
        let radius = max(0, min(radius, r.width / 2, r.height / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - radius, r.y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, r.x + radius, r.maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.x + radius, r.y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    static func circle(_ cr: OpaquePointer, _ r: WidgetRect) {
        cairo_new_path(cr)
        cairo_arc(cr, r.x + r.width / 2, r.y + r.height / 2, min(r.width, r.height) / 2, 0, 2 * Double.pi)
    }

    /// Fills `r`'s circle with a vertical gradient.
    static func gradientCircle(_ cr: OpaquePointer, _ r: WidgetRect, top: RGBColor, bottom: RGBColor) {
        guard let pattern = cairo_pattern_create_linear(0, r.y, 0, r.maxY) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_add_color_stop_rgb(pattern, 0, top.r, top.g, top.b)
        cairo_pattern_add_color_stop_rgb(pattern, 1, bottom.r, bottom.g, bottom.b)
        circle(cr, r)
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
    }

    /// Telegram's logo: the paper plane of the official 240-unit SVG on its blue circle.
    static func telegramLogo(_ cr: OpaquePointer, _ r: WidgetRect) {
        gradientCircle(cr, r, top: WidgetPalette.logoTop, bottom: WidgetPalette.logoBottom)
        cairo_save(cr)
        cairo_translate(cr, r.x, r.y)
        cairo_scale(cr, r.width / 240, r.height / 240)
        // The plane's folded wing, in two shades, then its white body.
        cairo_new_path(cr)
        cairo_move_to(cr, 98, 175)
        cairo_rel_curve_to(cr, -3.888, 0, -3.227, -1.468, -4.568, -5.17)
        cairo_line_to(cr, 82, 132.207)
        cairo_line_to(cr, 170, 80)
        cairo_close_path(cr)
        WidgetText.set(cr, RGBColor(hex: 0xC8DAEA))
        cairo_fill(cr)
        cairo_new_path(cr)
        cairo_move_to(cr, 98, 175)
        cairo_rel_curve_to(cr, 3, 0, 4.325, -1.372, 6, -3)
        cairo_rel_line_to(cr, 16, -15.558)
        cairo_rel_line_to(cr, -19.958, -12.035)
        cairo_close_path(cr)
        WidgetText.set(cr, RGBColor(hex: 0xA9C9DD))
        cairo_fill(cr)
        cairo_new_path(cr)
        cairo_move_to(cr, 100.04, 144.41)
        cairo_rel_line_to(cr, 48.36, 35.729)
        cairo_rel_curve_to(cr, 5.519, 3.045, 9.501, 1.468, 10.876, -5.123)
        cairo_rel_line_to(cr, 19.685, -92.763)
        cairo_rel_curve_to(cr, 2.015, -8.08, -3.08, -11.746, -8.36, -9.349)
        cairo_rel_line_to(cr, -115.59, 44.571)
        cairo_rel_curve_to(cr, -7.89, 3.165, -7.843, 7.567, -1.438, 9.528)
        cairo_rel_line_to(cr, 29.663, 9.259)
        cairo_rel_line_to(cr, 68.673, -43.325)
        cairo_rel_curve_to(cr, 3.242, -1.966, 6.218, -0.91, 3.776, 1.258)
        cairo_close_path(cr)
        WidgetText.set(cr, RGBColor(hex: 0xFFFFFF))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A bookmark ribbon centred in `r` (the saved-messages avatar's symbol).
    static func bookmark(_ cr: OpaquePointer, in r: WidgetRect) {
        let width = r.width * 0.34, height = r.height * 0.42
        let left = r.x + (r.width - width) / 2, top = r.y + (r.height - height) / 2
        let right = left + width, bottom = top + height
        let corner = width * 0.16
        cairo_new_path(cr)
        cairo_move_to(cr, left, bottom)
        cairo_line_to(cr, left, top + corner)
        cairo_arc(cr, left + corner, top + corner, corner, Double.pi, 3 * Double.pi / 2)
        cairo_arc(cr, right - corner, top + corner, corner, 3 * Double.pi / 2, 2 * Double.pi)
        cairo_line_to(cr, right, bottom)
        cairo_line_to(cr, left + width / 2, bottom - height * 0.27)
        cairo_close_path(cr)
        cairo_fill(cr)
    }
}
