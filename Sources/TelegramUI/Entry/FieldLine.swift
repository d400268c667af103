import Display

/// A one-line field as drawn (a form's field, the search's query): what fits of the text around
/// the cursor, the cursor as a reversed cell where it is.
enum FieldLine {
    /// Draws `shown` (the field's text as shown: masked, or as typed) with the cursor before its
    /// character `cursor`, from `column` in `width` columns; returns the column after the text.
    @discardableResult
    static func draw(_ shown: String, cursor: Int, in canvas: inout Canvas, column: Int, row: Int, width: Int,
                     style: Style, cursorStyle: Style) -> Int {
        guard width > 0 else { return column }
        let characters = Array(shown)
        let cursor = min(max(cursor, 0), characters.count)
        // What is before the cursor, its end kept in view with a column for the cursor.
        let before = VisibleTail.of(String(characters[..<cursor]), columns: width - 1)
        var used = TextWidth.of(before), after = ""
        for character in characters[cursor...] {
            let characterWidth = TextWidth.of(character)
            if used + characterWidth > width { break }
            after.append(character)
            used += characterWidth
        }
        let cursorColumn = canvas.put(before, column: column, row: row, style: style, maxWidth: width)
        let end = canvas.put(after, column: cursorColumn, row: row, style: style, maxWidth: max(width - (cursorColumn - column), 0))
        let under = after.first.map(String.init) ?? " "
        canvas.put(under, column: cursorColumn, row: row, style: cursorStyle, maxWidth: max(column + width - cursorColumn, 0))
        return end
    }
}

/// The end of a text that fits in `columns`, for an input line that shows where the cursor is.
enum VisibleTail {
    static func of(_ text: String, columns: Int) -> String {
        var width = 0
        var start = text.endIndex
        while start > text.startIndex {
            let previous = text.index(before: start)
            let characterWidth = TextWidth.of(text[previous])
            if width + characterWidth > columns { break }
            width += characterWidth
            start = previous
        }
        return String(text[start...])
    }
}
