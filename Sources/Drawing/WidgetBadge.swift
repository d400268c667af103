internal import CCairo

/// The unread badge: a pill with the count, blue for a chat that notifies, grey for a muted one.
struct WidgetBadge {
    /// Space either side of the count inside the pill, in points.
    static let horizontalPadding = 6.5

    /// Telegram's compact counts: 1…999 as they are, then "1.2K", "12K", "1.2M".
    static func text(_ count: Int) -> String {
        let count = max(0, count)
        func compact(_ value: Int, _ unit: Int, _ suffix: String) -> String {
            let tenths = value / (unit / 10)
            return tenths < 100 && tenths % 10 != 0 ? "\(tenths / 10).\(tenths % 10)\(suffix)" : "\(value / unit)\(suffix)"
        }
        if count < 1000 { return String(count) }
        if count < 1_000_000 { return compact(count, 1000, "K") }
        return compact(count, 1_000_000, "M")
    }

    /// Pill width in pixels for a count `textWidth` pixels wide: round for one digit, longer after.
    static func pillWidth(textWidth: Double, height: Double) -> Double {
        max(height, (textWidth + 2 * horizontalPadding * WidgetLayout.scale).rounded(.up))
    }

    let layout: TextLayout
    let height: Double

    init(count: Int, fonts: ScaledFontChain, height: Double) {
        layout = TextLayout(Self.text(count), fonts: fonts, maxWidth: .infinity, maxLines: 1)
        self.height = height
    }

    var width: Double { Self.pillWidth(textWidth: layout.widestLine, height: height) }

    /// Draws the pill with its right edge at `right`, centred on `centerY`.
    func draw(in cr: OpaquePointer, right: Double, centerY: Double, fill: RGBColor, textColor: RGBColor) {
        let frame = WidgetRect(x: right - width, y: (centerY - height / 2).rounded(), width: width, height: height)
        cairo_new_path(cr)
        WidgetShapes.roundedRect(cr, frame, radius: height / 2)
        WidgetText.set(cr, fill)
        cairo_fill(cr)
        guard !layout.lines.isEmpty else { return }
        // Digits are centred by their ink, which is what the eye lines up in a small pill.
        let ink = layout.inkBounds(0, x: 0, baseline: 0)
        let baseline = (centerY - (ink.map { $0.y + $0.height / 2 } ?? 0)).rounded()
        let lineWidth = layout.lines[0].width
        WidgetText.set(cr, textColor)
        layout.drawLine(0, in: cr, x: (frame.x + (frame.width - lineWidth) / 2).rounded(), width: lineWidth, baseline: baseline)
    }
}
