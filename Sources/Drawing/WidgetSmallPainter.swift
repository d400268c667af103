internal import CCairo

/// The small widget: one chat. The avatar top left, the time top right with the unread badge
/// under it, then the name in bold and up to three lines of the last message.
struct WidgetSmallPainter {
    let layout: WidgetLayout
    let palette: WidgetPalette

    func draw(_ row: WidgetScene.Row, in cr: OpaquePointer) throws {
        let m = WidgetLayout.small, s = WidgetLayout.scale
        let content = layout.smallContent()
        let avatar = layout.smallAvatarFrame()
        try WidgetAvatarPainter.draw(row.avatar, in: cr, frame: avatar)

        let timeFonts = try ScaledFontChain(weight: .regular, size: m.timeSize * s)
        let time = WidgetText.layout(WidgetText.singleLine(row.time, limit: WidgetText.maxTimeCharacters), fonts: timeFonts,
                              maxWidth: content.width / 2, maxLines: 1)
        if !time.lines.isEmpty {
            WidgetText.set(cr, palette.secondary)
            let baseline = WidgetText.baseline(top: content.y, lineHeight: m.messageLine * s, fonts: timeFonts)
            time.drawLine(0, in: cr, x: content.x, width: content.width, baseline: baseline, alignment: .right)
        }
        if let badge = row.badge, badge.count > 0 {
            let badgeFonts = try ScaledFontChain(weight: .bold, size: m.badgeFontSize * s)
            let pill = WidgetBadge(count: badge.count, fonts: badgeFonts, height: m.badgeHeight * s)
            pill.draw(in: cr, right: content.maxX, centerY: avatar.maxY - pill.height / 2,
                      fill: badge.isMuted ? palette.mutedBadge : palette.accent, textColor: palette.badgeText)
        }

        let titleFonts = try ScaledFontChain(weight: .bold, size: m.titleSize * s)
        let titleTop = layout.smallTitleTop()
        let title = WidgetText.layout(WidgetText.singleLine(row.title, limit: WidgetText.maxTitleCharacters), fonts: titleFonts,
                               maxWidth: content.width, maxLines: 1)
        if !title.lines.isEmpty {
            WidgetText.set(cr, palette.title)
            title.drawLine(0, in: cr, x: content.x, width: content.width,
                           baseline: WidgetText.baseline(top: titleTop, lineHeight: m.titleLine * s, fonts: titleFonts))
        }
        let messageFonts = try ScaledFontChain(weight: .regular, size: m.messageSize * s)
        WidgetMessageLines(author: row.author, text: row.text, lineCount: m.messageLines)
            .draw(in: cr, x: content.x, width: content.width, top: titleTop + m.titleLine * s, lineHeight: m.messageLine * s,
                  fonts: messageFonts, palette: palette, authorShare: 1)
    }
}
