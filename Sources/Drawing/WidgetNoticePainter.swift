internal import CCairo

/// What the widget shows instead of chats — the locked placeholder, the empty state: Telegram's
/// logo above the words, centred together.
struct WidgetNoticePainter {
    let layout: WidgetLayout
    let palette: WidgetPalette

    static let textSize = 14.0
    static let lineHeight = 18.0
    static let gap = 12.0
    static let padding = 18.0

    /// The logo's side in points: smaller on the small widget, where the words need the room.
    var logoSize: Double {
        switch layout.family {
        case .small: return 44
        case .medium: return 48
        case .large: return 64
        }
    }

    func draw(_ notice: String, in cr: OpaquePointer) throws {
        let s = WidgetLayout.scale
        let size = layout.pointSize
        let fonts = try ScaledFontChain(weight: .regular, size: Self.textSize * s)
        let text = WidgetText.layout(String(notice.prefix(WidgetText.maxNoticeCharacters)), fonts: fonts,
                              maxWidth: (size.width - 2 * Self.padding) * s, maxLines: layout.family == .small ? 4 : 3)
        let textHeight = Double(text.lines.count) * Self.lineHeight * s
        let logo = logoSize * s
        let block = logo + (text.lines.isEmpty ? 0 : Self.gap * s + textHeight)
        let top = ((size.height * s - block) / 2).rounded()
        let centerX = size.width * s / 2
        WidgetShapes.telegramLogo(cr, WidgetRect(x: (centerX - logo / 2).rounded(), y: top, width: logo, height: logo))
        guard !text.lines.isEmpty else { return }
        let textTop = top + logo + Self.gap * s
        WidgetText.set(cr, palette.secondary)
        WidgetText.drawCentred(text, in: cr, centerX: centerX,
                               baseline: WidgetText.baseline(top: textTop, lineHeight: Self.lineHeight * s, fonts: fonts),
                               lineHeight: Self.lineHeight * s)
    }
}
