extension Surface {
    /// The surface as plain text, one string per row: each cell's cluster, continuations left
    /// out (the wide glyph before them covers their column in a monospace view). For tests and
    /// for comparing with what a terminal shows (tmux's capture-pane).
    public var textLines: [String] {
        (0 ..< height).map { rowIndex in
            var line = ""
            for cell in row(rowIndex) where !cell.isContinuation { line.append(cell.character) }
            return line
        }
    }
}
