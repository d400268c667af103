import Display

/// A chat line onto the history's canvas: centred for a date or a service line, else its parts
/// from the left margin in their roles' styles, a picture row drawn over its blank text.
extension ChatLine {
    func draw(in canvas: inout Canvas, row: Int, theme: Theme, picture: ((ChatMessage.Photo, Size) -> CellGrid?)?) {
        if isDivider {
            canvas.fill(Rect(column: 0, row: row, width: canvas.size.width, height: 1), with: "─", style: theme.separator)
            let text = " " + parts.map(\.0).joined() + " "
            let shown = min(TextWidth.of(text), canvas.size.width)
            canvas.put(text, column: max((canvas.size.width - shown) / 2, 0), row: row, style: theme.accent, maxWidth: shown)
            return
        }
        if isDate || isService {
            let text = " " + parts.map(\.0).joined() + " "
            let shown = min(TextWidth.of(text), canvas.size.width)
            canvas.put(text, column: max((canvas.size.width - shown) / 2, 0), row: row, style: theme.secondaryText, maxWidth: shown)
            return
        }
        var column = 1
        for (text, role) in parts {
            var shown = text
            // A spoiler hides its text: as many ░ as it takes columns.
            if case .styled(let styles) = role, styles.contains(.spoiler) {
                shown = String(repeating: "░", count: TextWidth.of(text))
            }
            column = canvas.put(shown, column: column, row: row, style: Self.style(role, theme), maxWidth: max(canvas.size.width - column, 0))
        }
        if let piece = self.picture {
            drawPicture(piece, in: &canvas, row: row, theme: theme, picture: picture)
        }
    }

    static func style(_ role: Role, _ theme: Theme) -> Style {
        switch role {
        case .time, .status, .meta, .quote: return theme.secondaryText
        case .sender: return theme.accent.with(attributes: .bold)
        case .title: return theme.content.with(attributes: .bold)
        case .accent, .button: return theme.accent
        case .text, .date: return theme.content
        case .styled(let styles): return style(styles, theme)
        }
    }

    /// Formatted text: links and code in the accent colour, a spoiler's cover dimmed, and the
    /// attributes a terminal has (no strikethrough in curses: struck text is dimmed).
    static func style(_ styles: ChatTextEntity.Styles, _ theme: Theme) -> Style {
        if styles.contains(.spoiler) { return theme.secondaryText }
        let style = styles.contains(.link) || styles.contains(.code) ? theme.accent : theme.content
        var attributes: Style.Attributes = []
        if styles.contains(.bold) { attributes.insert(.bold) }
        if styles.contains(.italic) { attributes.insert(.italic) }
        if styles.contains(.underline) || styles.contains(.link) { attributes.insert(.underline) }
        if styles.contains(.strikethrough) { attributes.insert(.dim) }
        return style.with(attributes: attributes)
    }

    /// This row of the picture; until it is drawn, its first row says a photo is coming.
    private func drawPicture(_ piece: PictureRow, in canvas: inout Canvas, row: Int, theme: Theme,
                             picture: ((ChatMessage.Photo, Size) -> CellGrid?)?) {
        let column = 1 + ChatLine.indent
        guard let grid = picture?(piece.photo, piece.size), grid.width == piece.size.width, grid.height == piece.size.height else {
            if piece.row == 0 { canvas.put("🖼 Photo", column: column, row: row, style: theme.secondaryText, maxWidth: piece.size.width) }
            return
        }
        // A canvas of this one row: the grid drawn from its own row `piece.row`, the rest cut away.
        canvas.draw(in: Rect(column: 0, row: row, width: canvas.size.width, height: 1)) { line in
            line.draw(grid, at: Point(column: column, row: -piece.row), over: theme.content)
        }
    }
}
