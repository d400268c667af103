internal import CCairo

/// The rich notification Telegram's NotificationContent extension shows on long-press: a rounded
/// light card with the sender's avatar on the left, the title in bold with the time right-aligned
/// in grey beside it, and the message wrapped below (up to `maxBodyLines`, then "…").
///
/// Drawn at @2x: 720 px wide (a 360 pt card area), as tall as the text needs.
public struct NotificationCard: Sendable {
    public var avatarPNG: [UInt8]?
    public var title: String
    public var body: String
    public var time: String
    /// Lines of body text before the rest is cut with an ellipsis (clamped to 1…40).
    public var maxBodyLines: Int = 8

    public init(avatarPNG: [UInt8]?, title: String, body: String, time: String) {
        self.avatarPNG = avatarPNG
        self.title = title
        self.body = body
        self.time = time
    }

    /// Geometry in points; everything is multiplied by `scale` when drawn.
    enum Metrics {
        static let scale = 2.0
        static let canvasWidth = 360.0
        /// Room around the card for its shadow; more below, where the shadow falls.
        static let margin = 10.0
        static let marginBottom = 14.0
        static let cornerRadius = 18.0
        static let padding = 14.0
        static let avatarSize = 40.0
        static let avatarGap = 12.0
        static let titleSize = 15.0
        static let bodySize = 14.0
        static let timeSize = 12.5
        static let titleLineHeight = 20.0
        static let bodyLineHeight = 19.0
        static let titleBodyGap = 2.0
        static let timeGap = 8.0
        static let shadowBlur = 8.0
        static let shadowOffset = 2.0
        /// Inputs are cut to these many characters before layout; the card can't show more anyway,
        /// and a hostile payload must not cost time or memory.
        static let maxTitleCharacters = 512
        static let maxBodyCharacters = 2000
        static let maxTimeCharacters = 64
        /// The avatar PNG is drawn 80 px wide; anything much bigger is a caller mistake.
        static let maxAvatarSide = 1024
    }

    enum Palette {
        static let card = RGBColor(hex: 0xFFFFFF)
        static let border = RGBColor(hex: 0x000000)   // drawn at low alpha
        static let title = RGBColor(hex: 0x1C1C1E)
        static let body = RGBColor(hex: 0x3A3A3C)
        static let time = RGBColor(hex: 0x8E8E93)
    }

    public func renderPNG() throws -> [UInt8] {
        let s = Metrics.scale
        let avatar = try avatarPNG.map { try PNGCodec.decode($0, maxSide: Metrics.maxAvatarSide) }

        // Horizontal geometry, in pixels.
        let cardX = Metrics.margin * s
        let cardWidth = (Metrics.canvasWidth - 2 * Metrics.margin) * s
        let contentX = cardX + Metrics.padding * s
        let textX = avatar == nil ? contentX : contentX + (Metrics.avatarSize + Metrics.avatarGap) * s
        let textWidth = cardX + cardWidth - Metrics.padding * s - textX

        // Text layout decides the height.
        let timeFonts = try ScaledFontChain(weight: .regular, size: Metrics.timeSize * s)
        let titleFonts = try ScaledFontChain(weight: .bold, size: Metrics.titleSize * s)
        let bodyFonts = try ScaledFontChain(weight: .regular, size: Metrics.bodySize * s)
        let timeLayout = TextLayout(Self.singleLine(time, Metrics.maxTimeCharacters), fonts: timeFonts,
                                    maxWidth: textWidth / 3, maxLines: 1)
        let timeWidth = timeLayout.widestLine
        let titleWidth = textWidth - (timeWidth > 0 ? timeWidth + Metrics.timeGap * s : 0)
        let titleLayout = TextLayout(Self.singleLine(title, Metrics.maxTitleCharacters), fonts: titleFonts,
                                     maxWidth: titleWidth, maxLines: 1)
        let bodyText = String(body.prefix(Metrics.maxBodyCharacters))
        let bodyLayout = bodyText.allSatisfy(\.isWhitespace)
            ? nil
            : TextLayout(bodyText, fonts: bodyFonts, maxWidth: textWidth, maxLines: min(max(maxBodyLines, 1), 40))
        let bodyLines = bodyLayout?.lines.count ?? 0

        let textHeight = Metrics.titleLineHeight * s
            + (bodyLines > 0 ? Metrics.titleBodyGap * s + Double(bodyLines) * Metrics.bodyLineHeight * s : 0)
        let avatarHeight = avatar == nil ? 0 : Metrics.avatarSize * s
        let innerHeight = max(textHeight, avatarHeight)
        let cardY = Metrics.margin * s
        let cardHeight = (2 * Metrics.padding * s + innerHeight).rounded(.up)
        let canvasHeight = Int((cardY + cardHeight + Metrics.marginBottom * s).rounded(.up))
        let canvas = try CairoCanvas(width: Int(Metrics.canvasWidth * s), height: canvasHeight)
        let cr = canvas.cr

        drawShadow(cr, x: cardX, y: cardY, width: cardWidth, height: cardHeight)
        drawCard(cr, x: cardX, y: cardY, width: cardWidth, height: cardHeight)

        let contentY = cardY + Metrics.padding * s
        // Short text sits centred against the avatar; longer text starts level with its top.
        let textY = contentY + max(0, (avatarHeight - textHeight) / 2)
        if let avatar {
            drawAvatar(avatar, cr, x: contentX, y: contentY, size: Metrics.avatarSize * s)
        }

        let titleBaseline = Self.baseline(top: textY, lineHeight: Metrics.titleLineHeight * s, fonts: titleFonts)
        if !timeLayout.lines.isEmpty {
            set(cr, Palette.time)
            timeLayout.drawLine(0, in: cr, x: textX, width: textWidth, baseline: titleBaseline, alignment: .right)
        }
        if !titleLayout.lines.isEmpty {
            set(cr, Palette.title)
            titleLayout.drawLine(0, in: cr, x: textX, width: titleWidth, baseline: titleBaseline)
        }
        if let bodyLayout {
            set(cr, Palette.body)
            let bodyTop = textY + (Metrics.titleLineHeight + Metrics.titleBodyGap) * s
            for index in bodyLayout.lines.indices {
                let top = bodyTop + Double(index) * Metrics.bodyLineHeight * s
                let baseline = Self.baseline(top: top, lineHeight: Metrics.bodyLineHeight * s, fonts: bodyFonts)
                bodyLayout.drawLine(index, in: cr, x: textX, width: textWidth, baseline: baseline)
            }
        }
        return try canvas.pngBytes()
    }

    /// Titles and times are one line: their line breaks become spaces.
    static func singleLine(_ text: String, _ limit: Int) -> String {
        String(text.prefix(limit).map { $0.isNewline ? " " : $0 })
    }

    /// The baseline that centres the font's ascent + descent in a line box, on a whole pixel.
    static func baseline(top: Double, lineHeight: Double, fonts: ScaledFontChain) -> Double {
        let ascent = fonts.extents.ascent, descent = fonts.extents.descent
        return (top + (lineHeight - ascent - descent) / 2 + ascent).rounded()
    }

    private func set(_ cr: OpaquePointer, _ color: RGBColor, alpha: Double = 1) {
        cairo_set_source_rgba(cr, color.r, color.g, color.b, alpha)
    }

    private func roundedRect(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = max(0, min(radius, width / 2, height / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// A soft drop shadow without a blur filter: concentric rounded rectangles, each a little
    /// larger and fainter, build up a smooth falloff below and around the card.
    private func drawShadow(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        let s = Metrics.scale
        let blur = Int(Metrics.shadowBlur * s)
        let offset = Metrics.shadowOffset * s
        for spread in stride(from: blur, through: 1, by: -1) {
            let grow = Double(spread)
            cairo_new_path(cr)
            roundedRect(cr, x: x - grow, y: y + offset - grow, width: width + 2 * grow, height: height + 2 * grow,
                        radius: Metrics.cornerRadius * s + grow)
            set(cr, Palette.border, alpha: 0.14 / Double(blur))
            cairo_fill(cr)
        }
    }

    private func drawCard(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        let s = Metrics.scale
        cairo_new_path(cr)
        roundedRect(cr, x: x, y: y, width: width, height: height, radius: Metrics.cornerRadius * s)
        set(cr, Palette.card)
        cairo_fill_preserve(cr)
        // A hairline just inside the edge keeps the card distinct on light backgrounds too.
        cairo_set_line_width(cr, 1)
        set(cr, Palette.border, alpha: 0.08)
        cairo_new_path(cr)
        roundedRect(cr, x: x + 0.5, y: y + 0.5, width: width - 1, height: height - 1, radius: Metrics.cornerRadius * s - 0.5)
        cairo_stroke(cr)
    }

    private func drawAvatar(_ image: CairoImage, _ cr: OpaquePointer, x: Double, y: Double, size: Double) {
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_arc(cr, x + size / 2, y + size / 2, size / 2, 0, 2 * Double.pi)
        cairo_clip(cr)
        PhotoAvatar.draw(image, in: cr, x: x, y: y, size: size)
        cairo_restore(cr)
    }
}
