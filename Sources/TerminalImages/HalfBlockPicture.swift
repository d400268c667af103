import CChafa
import Display

/// A picture as terminal cells, through libchafa: each cell is `▀`, its foreground the upper
/// pixel and its background the lower, so `rows` cells show `2 × rows` pixels — on a truecolour
/// terminal, which is the only one main draws pictures on (fewer colours get initials; see
/// TelegramUI's ChatListAvatar). Pixels chafa finds transparent (a round avatar's corners) are
/// left to what the grid is drawn over: `▄` or `▀` with no background, or nothing at all.
///
/// libchafa (and the GLib it brings) is linked by `main` alone: this module is used only by
/// AppInterface, never by an extension.
public enum HalfBlockPicture {
    /// chafa splits its work over a thread pool as wide as the machine; a picture of a few cells
    /// is done faster by the calling thread alone. Set once, before the first canvas.
    private static let singleThreaded: Void = chafa_set_n_threads(1)

    /// - Parameters:
    ///   - rgba: straight (not premultiplied) 8-bit RGBA, `width × height` pixels, rows top to bottom.
    ///   - columns, rows: the grid's size in cells; chafa scales the picture to `columns × 2·rows`.
    /// - Returns: nil for pixels that do not match their size, or a chafa failure.
    public static func cells(rgba: [UInt8], width: Int, height: Int, columns: Int, rows: Int) -> CellGrid? {
        guard width > 0, height > 0, width <= 4096, height <= 4096, rgba.count == width * height * 4,
              columns > 0, rows > 0, columns <= 256, rows <= 256 else { return nil }
        _ = singleThreaded
        guard let config = chafa_canvas_config_new() else { return nil }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
        chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE)
        // The avatar's own colours, not contrast-stretched ones.
        chafa_canvas_config_set_preprocessing_enabled(config, 0)
        chafa_canvas_config_set_transparency_threshold(config, 0.5)
        guard let symbols = chafa_symbol_map_new() else { return nil }
        defer { chafa_symbol_map_unref(symbols) }
        // The vertical halves only (▀ ▄): every cell is then exactly two pixels, one above the other.
        chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_VHALF)
        chafa_canvas_config_set_symbol_map(config, symbols)
        guard let canvas = chafa_canvas_new(config) else { return nil }
        defer { chafa_canvas_unref(canvas) }
        rgba.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(width), Int32(height), Int32(width * 4))
        }
        var grid = CellGrid(width: columns, height: rows)
        for row in 0 ..< rows {
            for column in 0 ..< columns {
                var foreground: Int32 = -1, background: Int32 = -1
                chafa_canvas_get_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
                let symbol = chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))
                let (top, bottom) = halves(symbol, foreground: foreground, background: background)
                grid[column, row] = element(top: top, bottom: bottom)
            }
        }
        return grid
    }

    /// The upper and lower pixel of a cell chafa drew (packed 0xRRGGBB, or -1 for transparent).
    static func halves(_ symbol: UInt32, foreground: Int32, background: Int32) -> (top: Int32, bottom: Int32) {
        switch symbol {
        case 0x2580: return (foreground, background)  // ▀
        case 0x2584: return (background, foreground)  // ▄
        case 0x2588: return (foreground, foreground)  // █
        default: return (background, background)      // a space, or anything else: its background
        }
    }

    /// One cell showing `top` over `bottom`, the transparent half (-1) left to the row beneath.
    static func element(top: Int32, bottom: Int32) -> CellGrid.Element {
        switch (color(top), color(bottom)) {
        case let (top?, bottom?): return .init("▀", foreground: top, background: bottom)
        case let (top?, nil): return .init("▀", foreground: top)
        case let (nil, bottom?): return .init("▄", foreground: bottom)
        case (nil, nil): return .init(" ")
        }
    }

    static func color(_ packed: Int32) -> Color? {
        guard packed >= 0 else { return nil }
        return .rgb(UInt8(packed >> 16 & 0xff), UInt8(packed >> 8 & 0xff), UInt8(packed & 0xff))
    }
}
