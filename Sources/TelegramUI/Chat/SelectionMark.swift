import Display

/// The selected message's rows marked in the left margin (▌ in the accent), and the messages
/// marked with Space (✓), so a selection shows on any terminal, colours or not.
enum SelectionMark {
    static func draw(in canvas: inout Canvas, row: Int, theme: Theme, selected: Bool, marked: Bool) {
        guard selected || marked else { return }
        canvas.put(marked ? "✓" : "▌", column: 0, row: row, style: selected ? theme.accent.with(attributes: .bold) : theme.accent)
    }
}
