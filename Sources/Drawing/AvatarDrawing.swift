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
        // Scaled as AvatarPixels scales a decoded avatar, so both give the same picture.
        PhotoAvatar.draw(canvas.surface, width: canvas.width, height: canvas.height, in: small.cr, x: 0, y: 0, size: Double(pixelsSide))
        try small.check("scale avatar")
        pixels = try small.straightRGBA()
    }
}
