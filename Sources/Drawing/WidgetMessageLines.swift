internal import CCairo

/// A chat's last message in a fixed number of lines. With an author (a group's member, or
/// "You"): on two or more lines the author has the first line to itself, as in Telegram's chat
/// list; on one line it comes first, followed by ": " and the text. Without one the text wraps.
struct WidgetMessageLines {
    let author: String?
    let text: String
    let lineCount: Int

    init(author: String?, text: String, lineCount: Int) {
        let author = author.map { WidgetText.singleLine($0, limit: WidgetText.maxTitleCharacters) }
        self.author = author?.isEmpty == false ? author : nil
        self.text = WidgetText.singleLine(text, limit: WidgetText.maxMessageCharacters)
        self.lineCount = max(1, lineCount)
    }

    /// Lines the text itself may use.
    var textLines: Int { author != nil && lineCount > 1 ? lineCount - 1 : lineCount }

    func draw(in cr: OpaquePointer, x: Double, width: Double, top: Double, lineHeight: Double,
              fonts: ScaledFontChain, palette: WidgetPalette, authorShare: Double) {
        guard width > 0 else { return }
        let baseline = { (line: Int) in WidgetText.baseline(top: top + Double(line) * lineHeight, lineHeight: lineHeight, fonts: fonts) }
        var textX = x, textWidth = width, firstTextLine = 0
        if let author {
            if lineCount > 1 {
                let layout = WidgetText.layout(author, fonts: fonts, maxWidth: width, maxLines: 1)
                WidgetText.set(cr, palette.author)
                if !layout.lines.isEmpty { layout.drawLine(0, in: cr, x: x, width: width, baseline: baseline(0)) }
                firstTextLine = 1
            } else {
                let layout = WidgetText.layout(text.isEmpty ? author : author + ":", fonts: fonts, maxWidth: width * authorShare, maxLines: 1)
                WidgetText.set(cr, palette.author)
                if !layout.lines.isEmpty {
                    layout.drawLine(0, in: cr, x: x, width: width, baseline: baseline(0), alignment: .natural)
                    let used = layout.lines[0].width + (fonts.glyphs(for: " ")?.advance ?? 0)
                    textX += used
                    textWidth -= used
                }
            }
        }
        guard !text.isEmpty, textWidth > 0 else { return }
        let layout = WidgetText.layout(text, fonts: fonts, maxWidth: textWidth, maxLines: textLines)
        WidgetText.set(cr, palette.secondary)
        for index in layout.lines.indices {
            layout.drawLine(index, in: cr, x: textX, width: textWidth, baseline: baseline(firstTextLine + index))
        }
    }
}
