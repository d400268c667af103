internal import CCairo

/// A freshly drawn avatar twice over: the PNG that is cached and attached, and the same picture
/// scaled to a small square as straight RGBA, for a desktop notification's image — made from the
/// drawing still in memory, where decoding the PNG again would cost the push half a millisecond.
public struct AvatarDrawing: Sendable {
    public let png: [UInt8]
    /// `pixelsSide × pixelsSide × 4` bytes of straight RGBA, rows top to bottom.
    public let pixels: [UInt8]

    init(_ canvas: CairoCanvas, pixelsSide: Int) throws {
        guard (1...AvatarPixels.maxPixelSize).contains(pixelsSide) else {
            throw DrawingError(.invalidArgument, "pixel size \(pixelsSide) is outside 1…\(AvatarPixels.maxPixelSize)")
        }
        png = try canvas.pngBytes()
        let small = try CairoCanvas(width: pixelsSide, height: pixelsSide)
        // As AvatarPixels scales a decoded avatar: the same filter, so both give the same picture.
        cairo_scale(small.cr, Double(pixelsSide) / Double(canvas.width), Double(pixelsSide) / Double(canvas.height))
        cairo_set_source_surface(small.cr, canvas.surface, 0, 0)
        if let pattern = cairo_get_source(small.cr) {
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_paint(small.cr)
        try small.check("scale avatar")
        pixels = try small.straightRGBA()
    }
}
