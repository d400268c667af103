/// The widget's colours in Telegram iOS's day and night themes.
struct WidgetPalette {
    let background: RGBColor
    let title: RGBColor
    /// Message text and time.
    let secondary: RGBColor
    /// A group message's author, above or before the text.
    let author: RGBColor
    let separator: RGBColor
    /// Unread badges of chats that are not muted.
    let accent: RGBColor
    /// Unread badges of muted chats.
    let mutedBadge: RGBColor
    let badgeText: RGBColor
    /// The outline that keeps a light widget distinct from a light page.
    let border: (color: RGBColor, alpha: Double)

    static let light = WidgetPalette(
        background: RGBColor(hex: 0xFFFFFF), title: RGBColor(hex: 0x000000), secondary: RGBColor(hex: 0x8E8E93),
        author: RGBColor(hex: 0x000000), separator: RGBColor(hex: 0xC8C7CC), accent: RGBColor(hex: 0x007AFF),
        mutedBadge: RGBColor(hex: 0xB6B6BB), badgeText: RGBColor(hex: 0xFFFFFF), border: (RGBColor(hex: 0x000000), 0.10))

    static let dark = WidgetPalette(
        background: RGBColor(hex: 0x1C1C1E), title: RGBColor(hex: 0xFFFFFF), secondary: RGBColor(hex: 0x8D8E93),
        author: RGBColor(hex: 0xFFFFFF), separator: RGBColor(hex: 0x38383A), accent: RGBColor(hex: 0x3E88F7),
        mutedBadge: RGBColor(hex: 0x666666), badgeText: RGBColor(hex: 0xFFFFFF), border: (RGBColor(hex: 0xFFFFFF), 0.06))

    static func of(isDark: Bool) -> WidgetPalette { isDark ? dark : light }

    /// Telegram's logo gradient, top to bottom.
    static let logoTop = RGBColor(hex: 0x37AEE2)
    static let logoBottom = RGBColor(hex: 0x1E96C8)
}
