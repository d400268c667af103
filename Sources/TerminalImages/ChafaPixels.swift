import CChafa

/// Pixels as a terminal's own picture sequences (kitty's graphics protocol, sixel), encoded by
/// libchafa's pixel modes: chafa scales the picture to `columns × rows` cells of `cellPixels`
/// each and prints it with the sequences of a term info made here, so the sequences say exactly
/// what the app needs (kitty: its image id, Unicode placeholders, no answers).
enum ChafaPixels {
    /// chafa splits its work over a thread pool as wide as the machine; one picture is done by
    /// the calling thread alone (it is already off the frame path).
    private static let singleThreaded: Void = chafa_set_n_threads(1)

    static func print(rgba: [UInt8], width: Int, height: Int, columns: Int, rows: Int,
                      cellPixels: (width: Int, height: Int), mode: ChafaPixelMode,
                      sequences: [(ChafaTermSeq, String)]) -> [UInt8]? {
        guard width > 0, height > 0, width <= 4096, height <= 4096, rgba.count == width * height * 4,
              columns > 0, rows > 0, columns <= 256, rows <= 256,
              cellPixels.width > 0, cellPixels.height > 0, cellPixels.width <= 64, cellPixels.height <= 128 else { return nil }
        _ = singleThreaded
        guard let config = chafa_canvas_config_new() else { return nil }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(cellPixels.width), Int32(cellPixels.height))
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        chafa_canvas_config_set_pixel_mode(config, mode)
        chafa_canvas_config_set_preprocessing_enabled(config, 0)
        guard let info = chafa_term_info_new() else { return nil }
        defer { chafa_term_info_unref(info) }
        for (sequence, text) in sequences {
            var error: UnsafeMutablePointer<GError>?
            _ = chafa_term_info_set_seq(info, sequence, text, &error)
            if let error { g_error_free(error); return nil }
        }
        guard let canvas = chafa_canvas_new(config) else { return nil }
        defer { chafa_canvas_unref(canvas) }
        rgba.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(width), Int32(height), Int32(width * 4))
        }
        guard let printed = chafa_canvas_print(canvas, info) else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(printed.pointee.str).assumingMemoryBound(to: UInt8.self),
                                              count: Int(printed.pointee.len)))
        g_string_free(printed, 1)
        return bytes
    }
}
