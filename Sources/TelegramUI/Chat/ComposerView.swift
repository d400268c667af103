import Display

/// The chat's composer as drawn: a separator, then the text after a `› ` prompt, wrapped to the
/// width at its own newlines and at spaces, and a block cursor where the cursor is. It grows with
/// the text up to a third of the screen, then scrolls to keep the cursor's row in view.
struct ComposerView {
    static let prompt = "› "
    /// The left margin and the prompt before the text.
    static let textColumn = 1 + TextWidth.of(prompt)

    /// The text's rows and where the cursor is among them.
    struct Layout: Equatable {
        var rows: [String]
        var cursorRow: Int
        var cursorColumn: Int
    }

    /// Columns the text wraps at in a composer `width` wide: a margin each side, the prompt, and a
    /// column kept for the cursor after a full row.
    static func textWidth(_ width: Int) -> Int { max(width - textColumn - 2, 1) }

    /// `composer`'s text in rows of `columns`, and the cursor's row and column.
    static func layout(_ composer: Composer, columns: Int) -> Layout {
        var rows: [String] = []
        var cursorRow = 0, cursorColumn = 0
        var base = 0  // characters before this paragraph
        for paragraph in composer.text.split(separator: "\n", omittingEmptySubsequences: false) {
            let characters = Array(paragraph)
            let local = composer.cursor - base
            for range in TextWrap.breaks(characters, first: columns, rest: columns) {
                // The cursor's row is the last that starts at or before it (a space a row was
                // broken at belongs to the row before).
                if local >= range.lowerBound, local <= characters.count {
                    cursorRow = rows.count
                    cursorColumn = characters[range.lowerBound ..< min(local, range.upperBound)]
                        .reduce(0) { $0 + TextWrap.columns($1) }
                }
                rows.append(String(characters[range]))
            }
            base += characters.count + 1
        }
        return Layout(rows: rows, cursorRow: cursorRow, cursorColumn: cursorColumn)
    }

    /// Rows the composer takes in a screen of `size` (the separator included): its text's rows,
    /// at least one and at most what leaves two thirds of the screen to the rest.
    static func height(_ composer: Composer, size: Size) -> Int {
        let rows = composer.isEmpty ? 1 : layout(composer, columns: textWidth(size.width)).rows.count
        return 1 + min(rows, maxTextRows(screenHeight: size.height))
    }

    static func maxTextRows(screenHeight: Int) -> Int { max(screenHeight / 3 - 1, 1) }

    /// Draws the composer into the bottom `height` rows of `canvas`: the status instead of the text
    /// when there is one.
    static func draw(_ composer: Composer, status: String?, height: Int, in canvas: inout Canvas, theme: Theme) {
        let size = canvas.size
        guard height >= 2, size.height >= height else { return }
        let top = size.height - height
        canvas.fill(Rect(column: 0, row: top, width: size.width, height: 1), with: "─", style: theme.separator)
        canvas.fill(Rect(column: 0, row: top + 1, width: size.width, height: height - 1), style: theme.content)
        let room = max(size.width - textColumn - 1, 0)
        if let status {
            canvas.put(status, column: 1, row: top + 1, style: theme.secondaryText, maxWidth: max(size.width - 2, 0))
            return
        }
        canvas.put(prompt, column: 1, row: top + 1, style: theme.content, maxWidth: max(size.width - 2, 0))
        let cursorStyle = theme.content.with(attributes: .reverse)
        if composer.isEmpty {
            canvas.put(" ", column: textColumn, row: top + 1, style: cursorStyle, maxWidth: room)
            canvas.put("Message", column: textColumn + 1, row: top + 1, style: theme.secondaryText, maxWidth: max(room - 1, 0))
            return
        }
        let shown = layout(composer, columns: textWidth(size.width))
        let visible = height - 1
        // Scrolled so the cursor's row is the last one shown when it is below the first screenful.
        let first = min(max(shown.cursorRow - visible + 1, 0), max(shown.rows.count - visible, 0))
        for (offset, row) in shown.rows[first ..< min(first + visible, shown.rows.count)].enumerated() {
            canvas.put(row, column: textColumn, row: top + 1 + offset, style: theme.content, maxWidth: room)
        }
        // The cursor: the cell under it reversed (a space past the row's end).
        let cursorRow = top + 1 + shown.cursorRow - first
        let column = textColumn + shown.cursorColumn
        let character = Self.character(in: shown.rows[shown.cursorRow], atColumn: shown.cursorColumn) ?? " "
        canvas.put(String(character), column: column, row: cursorRow, style: cursorStyle, maxWidth: max(size.width - column - 1, 0))
    }

    /// The character that starts at `column` of `row`, if one does.
    private static func character(in row: String, atColumn column: Int) -> Character? {
        var used = 0
        for character in row {
            if used == column { return character }
            used += TextWrap.columns(character)
            if used > column { return nil }
        }
        return nil
    }
}
