internal import CCairo

/// A message's photo (PNG, JPEG, WebP or GIF) scaled to fit a box, as raw pixels for a terminal picture:
/// main's chat turns them into half-block cells (TerminalImages). The photo keeps its shape: it
/// is fitted into the box from its top-left corner and the rest stays transparent, so the cells
/// there are left blank — the chat reserves the box before the photo's shape is known.
public enum PhotoPixels {
    /// Terminal pictures are a few dozen cells; this bounds the answer at 1 MiB.
    public static let maxSide = 512

    /// - Parameters:
    ///   - photoPath: a PNG, JPEG, WebP or GIF file (PhotoAvatar's limits: `maxFileBytes`, `maxDimension`).
    ///   - width, height: the box, 1…`maxSide` each.
    /// - Returns: `width × height` pixels of straight RGBA, rows top to bottom.
    public static func rgba(photoPath: String, width: Int, height: Int) throws -> [UInt8] {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw DrawingError(.invalidArgument, "box \(width)×\(height) is outside 1…\(maxSide)")
        }
        let photo = try PhotoAvatar.decode(photoPath: photoPath)
        let canvas = try CairoCanvas(width: width, height: height)
        let scale = min(Double(width) / Double(photo.width), Double(height) / Double(photo.height))
        try draw(photo, on: canvas, width: Double(photo.width) * scale, height: Double(photo.height) * scale)
        return try canvas.straightRGBA()
    }

    /// `photo` scaled to `width × height` at the canvas's top-left (PhotoThumbnail's too).
    static func draw(_ photo: CairoImage, on canvas: CairoCanvas, width: Double, height: Double) throws {
        cairo_save(canvas.cr)
        cairo_rectangle(canvas.cr, 0, 0, width, height)
        cairo_clip(canvas.cr)
        cairo_scale(canvas.cr, width / Double(photo.width), height / Double(photo.height))
        cairo_set_source_surface(canvas.cr, photo.surface, 0, 0)
        if let pattern = cairo_get_source(canvas.cr) {
            // GOOD filters properly when shrinking; PAD keeps the edge from fading into the outside.
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_paint(canvas.cr)
        cairo_restore(canvas.cr)
        try canvas.check("scale photo")
    }
}
