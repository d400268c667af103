import Display

/// The bar under a chat's title with its pinned message (Telegram's pinned message panel):
/// "📌 Pinned message" and the message's first line.
enum PinnedBar {
    static func draw(_ message: ChatMessage, in canvas: inout Canvas, theme: Theme) {
        let width = canvas.size.width
        canvas.fill(Rect(column: 0, row: 0, width: width, height: 1), style: theme.barBackground)
        let end = canvas.put("📌 Pinned: ", column: 1, row: 0, style: theme.accent, maxWidth: max(width - 2, 0))
        canvas.put(message.firstLine, column: end, row: 0, style: theme.barSubtitle, maxWidth: max(width - end - 1, 0))
    }
}
