internal import CCairo

/// A weight's primary face and its fallbacks at one pixel size, as Cairo scaled fonts.
///
/// Fallback faces are only opened (and scaled) when a character turns up that the primary face
/// lacks, so Latin-only text never touches them.
final class ScaledFontChain {
    let weight: FontWeight
    let size: Double
    /// Index 0 is the primary face; fallbacks follow once loaded.
    private(set) var fonts: [OpaquePointer]
    /// Which of `fonts` are colour (emoji) fonts.
    private var isColour: [Bool]
    private var fallbacksLoaded = false
    /// Ascent, descent and line height of the primary face, in pixels.
    let extents: cairo_font_extents_t

    init(weight: FontWeight, size: Double) throws {
        guard size.isFinite, size > 0, size <= 4096 else {
            throw DrawingError(.invalidArgument, "font size \(size) is outside 0…4096")
        }
        self.weight = weight
        self.size = size
        let face = try FontLibrary.shared.primary(weight)
        let primary = try Self.scale(face.cairoFace, size: size)
        fonts = [primary]
        isColour = [face.isColour]
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(primary, &extents)
        self.extents = extents
    }

    deinit {
        for font in fonts { cairo_scaled_font_destroy(font) }
    }

    /// Glyphs for one piece of text (one grapheme cluster) from the first font that has all of them,
    /// with positions relative to the pen, and the pen advance. Nil when no font has them all.
    /// `preferColour` tries colour fonts first, for emoji that DejaVu also has in black and white.
    func glyphs(for text: String, preferColour: Bool = false) -> (font: Int, glyphs: [cairo_glyph_t], advance: Double)? {
        if preferColour {
            loadFallbacks()
            for index in fonts.indices where isColour[index] {
                if let found = Self.glyphs(in: fonts[index], text) { return (index, found.glyphs, found.advance) }
            }
        }
        if let found = Self.glyphs(in: fonts[0], text) { return (0, found.glyphs, found.advance) }
        loadFallbacks()
        for index in fonts.indices.dropFirst() {
            if let found = Self.glyphs(in: fonts[index], text) { return (index, found.glyphs, found.advance) }
        }
        return nil
    }

    /// The primary font's glyphs even when some are missing (drawn as the font's "missing glyph" box).
    func fallbackGlyphs(for text: String) -> (font: Int, glyphs: [cairo_glyph_t], advance: Double) {
        if let found = Self.glyphs(in: fonts[0], text, requireAll: false) { return (0, found.glyphs, found.advance) }
        return (0, [], 0)
    }

    private func loadFallbacks() {
        guard !fallbacksLoaded else { return }
        fallbacksLoaded = true
        for face in FontLibrary.shared.fallbacks(weight) {
            if let font = try? Self.scale(face.cairoFace, size: size) {
                fonts.append(font)
                isColour.append(face.isColour)
            }
        }
    }

    private static func glyphs(in font: OpaquePointer, _ text: String, requireAll: Bool = true)
        -> (glyphs: [cairo_glyph_t], advance: Double)?
    {
        var utf8 = Array(text.utf8)
        guard !utf8.isEmpty, utf8.count < Int(Int32.max) else { return nil }
        let count = Int32(utf8.count)
        var raw: UnsafeMutablePointer<cairo_glyph_t>?
        var rawCount: Int32 = 0
        let status = utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                cairo_scaled_font_text_to_glyphs(font, 0, 0, $0, count, &raw, &rawCount, nil, nil, nil)
            }
        }
        defer { if let raw { cairo_glyph_free(raw) } }
        guard status == CAIRO_STATUS_SUCCESS, let raw, rawCount > 0 else { return nil }
        let glyphs = Array(UnsafeBufferPointer(start: raw, count: Int(rawCount)))
        // Glyph 0 is ".notdef": the font doesn't have that character.
        if requireAll, glyphs.contains(where: { $0.index == 0 }) { return nil }
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(font, raw, rawCount, &extents)
        guard cairo_scaled_font_status(font) == CAIRO_STATUS_SUCCESS else { return nil }
        return (glyphs, extents.x_advance)
    }

    /// No hinting and fractional advances, as Core Text draws: shapes stay true at every size.
    private static func scale(_ face: OpaquePointer, size: Double) throws -> OpaquePointer {
        var fontMatrix = cairo_matrix_t()
        cairo_matrix_init_scale(&fontMatrix, size, size)
        var ctm = cairo_matrix_t()
        cairo_matrix_init_identity(&ctm)
        guard let options = cairo_font_options_create() else {
            throw DrawingError(.cairo, "cairo: font options returned nothing")
        }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        guard let font = cairo_scaled_font_create(face, &fontMatrix, &ctm, options) else {
            throw DrawingError(.cairo, "cairo: scaled font returned nothing")
        }
        let status = cairo_scaled_font_status(font)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_scaled_font_destroy(font)
            throw DrawingError.cairo(status, "scale font to \(size) px")
        }
        return font
    }
}
