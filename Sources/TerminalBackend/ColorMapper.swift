import Display

/// Turns Display's colours into the colour numbers a terminal of one `ColorDepth` understands,
/// and says how a style degrades where colours are missing. Pure: no ncurses calls, so every
/// mapping is unit-tested.
public struct ColorMapper: Hashable, Sendable {
    public let depth: ColorDepth
    /// On an `.ansi16` terminal, how many ANSI colours it really has: 8 or 16.
    public let ansiColors: Int

    /// `colors`: the terminal's colour count (ncurses' `COLORS`); it matters only under 16.
    public init(depth: ColorDepth, colors: Int = 256) {
        self.depth = depth
        self.ansiColors = colors < 16 ? 8 : 16
    }

    /// The ncurses colour number for `color`, or nil for the terminal's default colour (and for
    /// every colour on a monochrome terminal).
    ///
    /// - true colour: RGB as 0xRRGGBB. Palette 0–7 stay palette numbers (the user's theme: a
    ///   `*-direct` terminfo sends numbers under 8 as ANSI colours); palette 8–255 become their
    ///   xterm RGB values. For the same reason an RGB value under 8 (near black, 0x000000–0x000007)
    ///   is sent as 0x000008, which no eye tells apart.
    /// - 256: palette as is; RGB to the nearest cube or grey entry (16–255).
    /// - 16 (or 8): palette 0–15 as is (8–15 drop to 0–7 on 8 colours); other palette entries and
    ///   RGB to the nearest ANSI colour by xterm's default values.
    public func colorNumber(_ color: Color) -> Int32? {
        switch (depth, color) {
        case (_, .default), (.monochrome, _):
            return nil
        case (.trueColor, .palette(let index)) where index < 8:
            return Int32(index)
        case (.trueColor, .palette(let index)):
            return Self.direct(XtermPalette.rgb(ofIndex: index))
        case (.trueColor, .rgb(let red, let green, let blue)):
            return Self.direct(XtermPalette.RGB(red: Int(red), green: Int(green), blue: Int(blue)))
        case (.palette256, .palette(let index)):
            return Int32(index)
        case (.palette256, .rgb(let red, let green, let blue)):
            return Int32(XtermPalette.nearest256(XtermPalette.RGB(red: Int(red), green: Int(green), blue: Int(blue))))
        case (.ansi16, .palette(let index)) where index < 16:
            return Int32(Int(index) % ansiColors)
        case (.ansi16, _):
            return Int32(XtermPalette.nearestANSI(Self.rgb(color), count: ansiColors))
        }
    }

    /// The pen for `style` on this terminal. On a monochrome terminal colours are dropped and a
    /// background colour, which marks a selected row or a badge, becomes `reverse` (unless the
    /// style is reversed already); a foreground colour alone leaves plain text.
    public func pen(for style: Style) -> TerminalPen {
        var attributes = style.attributes
        if depth == .monochrome, style.background != .default {
            attributes.insert(.reverse)
        }
        return TerminalPen(foreground: colorNumber(style.foreground) ?? -1,
                           background: colorNumber(style.background) ?? -1,
                           attributes: attributes)
    }

    private static func direct(_ rgb: XtermPalette.RGB) -> Int32 {
        max(Int32(rgb.red << 16 | rgb.green << 8 | rgb.blue), 8)
    }

    private static func rgb(_ color: Color) -> XtermPalette.RGB {
        switch color {
        case .default: return XtermPalette.RGB(red: 0, green: 0, blue: 0)
        case .palette(let index): return XtermPalette.rgb(ofIndex: index)
        case .rgb(let red, let green, let blue): return XtermPalette.RGB(red: Int(red), green: Int(green), blue: Int(blue))
        }
    }
}
