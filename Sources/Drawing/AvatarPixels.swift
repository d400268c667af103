internal import CCairo

/// An avatar PNG (one AvatarCache drew earlier) scaled to a small square and handed back as raw
/// pixels rather than PNG: main's chat list turns them into terminal cells (TerminalImages) and
/// has no PNG decoder of its own — Cairo stays inside the lazily loaded drawing library.
public enum AvatarPixels {
    /// Terminal pictures are a few cells wide; this bounds the answer at 256 KiB.
    public static let maxPixelSize = 256

    /// - Parameters:
    ///   - png: the avatar, sides 1…`LettersAvatar.maxPixelSize`.
    ///   - pixelSize: the side of the square returned, 1…`maxPixelSize`; the avatar is scaled to
    ///     fill it (Cairo's GOOD filter), as PhotoAvatar fills its circle.
    /// - Returns: `pixelSize × pixelSize` pixels of straight (not premultiplied) RGBA, 4 bytes each,
    ///   rows top to bottom; a round avatar's corners are transparent.
    public static func rgba(png: [UInt8], pixelSize: Int) throws -> [UInt8] {
        guard (1...maxPixelSize).contains(pixelSize) else {
            throw DrawingError(.invalidArgument, "pixel size \(pixelSize) is outside 1…\(maxPixelSize)")
        }
        let image = try PNGCodec.decode(png, maxSide: LettersAvatar.maxPixelSize, what: "avatar")
        let canvas = try CairoCanvas(width: pixelSize, height: pixelSize)
        PhotoAvatar.draw(image, in: canvas.cr, x: 0, y: 0, size: Double(pixelSize))
        try canvas.check("scale avatar")
        return try canvas.straightRGBA()
    }
}
