/// The colours a theme is made of, named by role, in one depth's terms. `Theme` turns them into
/// styles; a palette exists for each of day and night at each colour depth except monochrome,
/// which has no colours and is built from attributes in `Theme`.
public struct ThemePalette: Hashable, Sendable {
    public var background: Color
    public var text: Color
    public var secondaryText: Color
    /// Buttons, the back item, the selected tab: Telegram's accent.
    public var accent: Color
    public var barBackground: Color
    public var separator: Color
    public var badgeBackground: Color
    public var badgeText: Color
    public var selectionBackground: Color
    /// What shows where no controller covers the window (Telegram's `emptyAreaColor`).
    public var emptyArea: Color
    /// A selected row's text, where `text` would not read on `selectionBackground` (the
    /// terminal's own foreground on the accent); nil: `text`.
    public var selectionText: Color? = nil

    /// Telegram iOS's day theme: white, black text, #007AFF accent, #FF3B30 badges.
    public static func day(_ depth: ColorDepth) -> ThemePalette {
        switch depth {
        case .trueColor:
            return ThemePalette(background: .rgb(255, 255, 255), text: .rgb(0, 0, 0), secondaryText: .rgb(142, 142, 147),
                                accent: .rgb(0, 122, 255), barBackground: .rgb(247, 247, 247), separator: .rgb(200, 199, 204),
                                badgeBackground: .rgb(255, 59, 48), badgeText: .rgb(255, 255, 255),
                                selectionBackground: .rgb(217, 234, 255), emptyArea: .rgb(239, 239, 244))
        case .palette256:
            return ThemePalette(background: .palette(231), text: .palette(16), secondaryText: .palette(245),
                                accent: .palette(33), barBackground: .palette(255), separator: .palette(251),
                                badgeBackground: .palette(203), badgeText: .palette(231),
                                selectionBackground: .palette(153), emptyArea: .palette(254))
        case .ansi16, .monochrome:
            return ThemePalette(background: .default, text: .default, secondaryText: .palette(8),
                                accent: .palette(4), barBackground: .default, separator: .palette(8),
                                badgeBackground: .palette(1), badgeText: .palette(15),
                                selectionBackground: .palette(4), emptyArea: .default)
        }
    }

    /// Telegram iOS's night theme: black, white text, #3E88F7 accent.
    public static func night(_ depth: ColorDepth) -> ThemePalette {
        switch depth {
        case .trueColor:
            return ThemePalette(background: .rgb(0, 0, 0), text: .rgb(255, 255, 255), secondaryText: .rgb(142, 142, 147),
                                accent: .rgb(62, 136, 247), barBackground: .rgb(28, 28, 29), separator: .rgb(61, 61, 64),
                                badgeBackground: .rgb(255, 59, 48), badgeText: .rgb(255, 255, 255),
                                selectionBackground: .rgb(30, 52, 88), emptyArea: .rgb(16, 16, 17))
        case .palette256:
            return ThemePalette(background: .palette(16), text: .palette(231), secondaryText: .palette(245),
                                accent: .palette(69), barBackground: .palette(234), separator: .palette(238),
                                badgeBackground: .palette(203), badgeText: .palette(231),
                                selectionBackground: .palette(24), emptyArea: .palette(233))
        case .ansi16, .monochrome:
            return ThemePalette(background: .default, text: .default, secondaryText: .palette(8),
                                accent: .palette(12), barBackground: .default, separator: .palette(8),
                                badgeBackground: .palette(9), badgeText: .palette(15),
                                selectionBackground: .palette(12), emptyArea: .default)
        }
    }

    /// The terminal's own colours for text, background and bars, so a dark terminal stays dark
    /// and a light one light; accents that read on either (Telegram's blue, the red badge, a
    /// grey for secondary text), and the selection as the accent behind white text.
    public static func terminal(_ depth: ColorDepth) -> ThemePalette {
        switch depth {
        case .trueColor:
            return ThemePalette(background: .default, text: .default, secondaryText: .rgb(142, 142, 147),
                                accent: .rgb(0, 122, 255), barBackground: .default, separator: .rgb(142, 142, 147),
                                badgeBackground: .rgb(255, 59, 48), badgeText: .rgb(255, 255, 255),
                                selectionBackground: .rgb(0, 122, 255), emptyArea: .default, selectionText: .rgb(255, 255, 255))
        case .palette256:
            return ThemePalette(background: .default, text: .default, secondaryText: .palette(245),
                                accent: .palette(33), barBackground: .default, separator: .palette(245),
                                badgeBackground: .palette(203), badgeText: .palette(231),
                                selectionBackground: .palette(33), emptyArea: .default, selectionText: .palette(231))
        case .ansi16, .monochrome:
            return ThemePalette(background: .default, text: .default, secondaryText: .palette(8),
                                accent: .palette(4), barBackground: .default, separator: .palette(8),
                                badgeBackground: .palette(1), badgeText: .palette(15),
                                selectionBackground: .palette(4), emptyArea: .default, selectionText: .palette(15))
        }
    }
}
