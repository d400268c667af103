internal import CCairo

/// The medium and large widgets: rows of chats, each with its avatar, the name in bold and the
/// time right-aligned beside it, the last message below (author first in groups) and the unread
/// badge at the right of the message; hairlines between rows, as in Telegram's chat list.
struct WidgetListPainter {
    let layout: WidgetLayout
    let metrics: WidgetLayout.ListMetrics
    let palette: WidgetPalette
    let titleFonts: ScaledFontChain
    let messageFonts: ScaledFontChain
    let timeFonts: ScaledFontChain
    let badgeFonts: ScaledFontChain

    /// Gaps in points: between the title and the time, and between the message and the badge.
    static let timeGap = 6.0
    static let badgeGap = 8.0
    /// On one-line rows the author takes at most this share of the line; the text gets the rest.
    static let authorShare = 0.45

    init(layout: WidgetLayout, metrics: WidgetLayout.ListMetrics, palette: WidgetPalette) throws {
        let s = WidgetLayout.scale
        self.layout = layout
        self.metrics = metrics
        self.palette = palette
        titleFonts = try ScaledFontChain(weight: .bold, size: metrics.titleSize * s)
        messageFonts = try ScaledFontChain(weight: .regular, size: metrics.messageSize * s)
        timeFonts = try ScaledFontChain(weight: .regular, size: metrics.timeSize * s)
        badgeFonts = try ScaledFontChain(weight: .bold, size: metrics.badgeFontSize * s)
    }

    func draw(_ rows: [WidgetScene.Row], in cr: OpaquePointer) throws {
        let shown = Array(rows.prefix(metrics.slots))
        for (index, row) in shown.enumerated() {
            try WidgetAvatarPainter.draw(row.avatar, in: cr, frame: layout.avatarFrame(index, metrics))
            drawText(row, index: index, in: cr)
            if let y = layout.separatorY(after: index, rows: shown.count, metrics) {
                // A one-pixel hairline (half a point), from the text column to the edge.
                cairo_rectangle(cr, layout.textColumn(metrics).x, y - 1, layout.rowFrame(index, metrics).width, 1)
                WidgetText.set(cr, palette.separator)
                cairo_fill(cr)
            }
        }
    }

    private func drawText(_ row: WidgetScene.Row, index: Int, in cr: OpaquePointer) {
        let s = WidgetLayout.scale
        let column = layout.textColumn(metrics)
        let hasMessage = !row.text.isEmpty || !(row.author ?? "").isEmpty
        // A chat without messages has its name alone, centred against the avatar.
        let top = hasMessage ? layout.textTop(index, metrics)
            : (layout.rowFrame(index, metrics).y + (layout.rowFrame(index, metrics).height - metrics.titleLine * s) / 2).rounded()

        // Title line: the time takes what it needs (at most a third), the name the rest.
        let titleBaseline = WidgetText.baseline(top: top, lineHeight: metrics.titleLine * s, fonts: titleFonts)
        let time = WidgetText.layout(WidgetText.singleLine(row.time, limit: WidgetText.maxTimeCharacters), fonts: timeFonts,
                              maxWidth: column.width / 3, maxLines: 1)
        let timeWidth = time.widestLine
        if !time.lines.isEmpty {
            WidgetText.set(cr, palette.secondary)
            time.drawLine(0, in: cr, x: column.x, width: column.width, baseline: titleBaseline, alignment: .right)
        }
        let titleWidth = column.width - (timeWidth > 0 ? timeWidth + Self.timeGap * s : 0)
        let title = WidgetText.layout(WidgetText.singleLine(row.title, limit: WidgetText.maxTitleCharacters), fonts: titleFonts,
                               maxWidth: titleWidth, maxLines: 1)
        if !title.lines.isEmpty {
            WidgetText.set(cr, palette.title)
            title.drawLine(0, in: cr, x: column.x, width: titleWidth, baseline: titleBaseline)
        }

        // Message lines, beside the badge.
        let messageTop = top + metrics.titleLine * s
        let messageHeight = Double(metrics.messageLines) * metrics.messageLine * s
        var messageWidth = column.width
        if let badge = row.badge, badge.count > 0 {
            let pill = WidgetBadge(count: badge.count, fonts: badgeFonts, height: metrics.badgeHeight * s)
            pill.draw(in: cr, right: column.x + column.width, centerY: messageTop + messageHeight / 2,
                      fill: badge.isMuted ? palette.mutedBadge : palette.accent, textColor: palette.badgeText)
            messageWidth -= pill.width + Self.badgeGap * s
        }
        let lines = WidgetMessageLines(author: row.author, text: row.text, lineCount: metrics.messageLines)
        lines.draw(in: cr, x: column.x, width: messageWidth, top: messageTop, lineHeight: metrics.messageLine * s,
                   fonts: messageFonts, palette: palette, authorShare: Self.authorShare)
    }
}
