internal import CCairo

/// Telegram's letters avatar (`WidgetItemsUtils.swift`): a circle filled with one of the seven
/// vertical gradients, and up to two white letters centred by their glyph bounds.
public enum LettersAvatar {
    /// Avatars are small; this bounds the surface at 16 MiB.
    public static let maxPixelSize = 2048

    /// Telegram draws the letters in the 20 pt system font on a 50 pt avatar.
    static let fontSizeRatio = 20.0 / 50.0

    /// - Parameters:
    ///   - letters: the peer's display letters; the first character of `letters[0]` and of
    ///     `letters[1]` are drawn. Empty draws the gradient circle alone; characters no installed
    ///     font has are left out rather than drawn as boxes.
    ///   - gradientIndex: any Int; wrapped into the palette (see `AvatarPalette`).
    ///   - pixelSize: width and height in pixels, 1…`maxPixelSize`.
    public static func renderPNG(letters: [String], gradientIndex: Int, pixelSize: Int) throws -> [UInt8] {
        try draw(letters: letters, gradientIndex: gradientIndex, pixelSize: pixelSize).pngBytes()
    }

    /// The PNG and, from the same drawing, the avatar scaled to a `pixelsSide` square as straight
    /// RGBA (a desktop notification's image), without decoding the PNG again.
    public static func render(letters: [String], gradientIndex: Int, pixelSize: Int, pixelsSide: Int) throws -> AvatarDrawing {
        let canvas = try draw(letters: letters, gradientIndex: gradientIndex, pixelSize: pixelSize)
        return try AvatarDrawing(canvas, pixelsSide: pixelsSide)
    }

    private static func draw(letters: [String], gradientIndex: Int, pixelSize: Int) throws -> CairoCanvas {
        guard (1...maxPixelSize).contains(pixelSize) else {
            throw DrawingError(.invalidArgument, "avatar size \(pixelSize) is outside 1…\(maxPixelSize)")
        }
        let canvas = try CairoCanvas(width: pixelSize, height: pixelSize)
        canvas.clipToCircle()
        try fillGradient(canvas, AvatarPalette.gradient(at: gradientIndex))
        let text = displayText(letters)
        if !text.isEmpty {
            try drawLetters(text, on: canvas)
        }
        return canvas
    }

    /// Telegram's `letters[0] + letters[1]`, keeping one character of each so a caller passing whole
    /// names still gets initials.
    static func displayText(_ letters: [String]) -> String {
        letters.prefix(2).compactMap { word in word.first(where: { !$0.isWhitespace }).map(String.init) }.joined()
    }

    private static func fillGradient(_ canvas: CairoCanvas, _ gradient: AvatarGradient) throws {
        guard let pattern = cairo_pattern_create_linear(0, 0, 0, Double(canvas.height)) else {
            throw DrawingError(.cairo, "cairo: gradient returned nothing")
        }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_add_color_stop_rgb(pattern, 0, gradient.top.r, gradient.top.g, gradient.top.b)
        cairo_pattern_add_color_stop_rgb(pattern, 1, gradient.bottom.r, gradient.bottom.g, gradient.bottom.b)
        let status = cairo_pattern_status(pattern)
        guard status == CAIRO_STATUS_SUCCESS else { throw DrawingError.cairo(status, "gradient") }
        cairo_set_source(canvas.cr, pattern)
        cairo_paint(canvas.cr)
        try canvas.check("fill gradient")
    }

    private static func drawLetters(_ text: String, on canvas: CairoCanvas) throws {
        let size = Double(canvas.width)
        let fonts = try ScaledFontChain(weight: .regular, size: size * fontSizeRatio)
        let layout = TextLayout(text, fonts: fonts, maxWidth: .infinity, maxLines: 1, dropMissing: true)
        guard !layout.lines.isEmpty, let ink = layout.inkBounds(0, x: 0, baseline: 0) else { return }

        // Centre the ink box, whole pixels like Telegram's floorToScreenPixels, computed in its
        // y-up space so the rounding falls the same way. Telegram nudges a lone "B" 1 pt right.
        let point = size / 50
        let nudge = text == "B" ? point : 0
        let x = (-ink.x + (size - ink.width) / 2).rounded(.down) + nudge
        let inkBottomUp = -(ink.y + ink.height)
        let baselineUp = (-inkBottomUp + (size - ink.height) / 2).rounded(.down)
        let baseline = size - baselineUp

        cairo_set_source_rgb(canvas.cr, 1, 1, 1)
        layout.drawLine(0, in: canvas.cr, x: x, width: layout.lines[0].width, baseline: baseline, alignment: .natural)
        try canvas.check("draw letters")
    }
}
