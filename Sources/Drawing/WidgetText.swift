internal import CCairo

/// Small text helpers the widget's painters share.
enum WidgetText {
    /// Inputs are cut to these many characters before layout: a widget line can't show more, and
    /// hostile widget-data must not cost time or memory.
    static let maxTitleCharacters = 256
    static let maxMessageCharacters = 1000
    static let maxTimeCharacters = 32
    static let maxNoticeCharacters = 512

    /// Text laid out for the widget. Characters no installed font has are left out: a widget
    /// line is better without an emoji than with a box in its place.
    static func layout(_ text: String, fonts: ScaledFontChain, maxWidth: Double, maxLines: Int) -> TextLayout {
        TextLayout(text, fonts: fonts, maxWidth: maxWidth, maxLines: maxLines, dropMissing: true)
    }

    /// Chat-list lines are single lines: line breaks become spaces, runs of spaces one.
    static func singleLine(_ text: String, limit: Int) -> String {
        var out = ""
        var lastWasSpace = false
        for character in text.prefix(limit) {
            let isSpace = character.isWhitespace || character.isNewline
            if isSpace {
                if !lastWasSpace && !out.isEmpty { out.append(" ") }
            } else {
                out.append(character)
            }
            lastWasSpace = isSpace
        }
        while out.last == " " { out.removeLast() }
        return out
    }

    /// The baseline that centres the font's ascent + descent in a line box, on a whole pixel.
    static func baseline(top: Double, lineHeight: Double, fonts: ScaledFontChain) -> Double {
        let ascent = fonts.extents.ascent, descent = fonts.extents.descent
        return (top + (lineHeight - ascent - descent) / 2 + ascent).rounded()
    }

    static func set(_ cr: OpaquePointer, _ color: RGBColor, alpha: Double = 1) {
        cairo_set_source_rgba(cr, color.r, color.g, color.b, alpha)
    }

    /// Draws every line of `layout` centred on `centerX`, the first baseline at `baseline`.
    static func drawCentred(_ layout: TextLayout, in cr: OpaquePointer, centerX: Double, baseline: Double, lineHeight: Double) {
        for index in layout.lines.indices {
            let width = layout.lines[index].width
            layout.drawLine(index, in: cr, x: (centerX - width / 2).rounded(), width: width,
                            baseline: baseline + Double(index) * lineHeight, alignment: .natural)
        }
    }
}
