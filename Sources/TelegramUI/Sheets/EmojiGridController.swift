import Display

/// The reaction picker: Telegram's reactions as a grid (arrows move in both directions, Enter
/// picks, Esc closes), narrowed by typing their names (`fire`, `thumbs`) on the search line at
/// the bottom; the highlighted one's name shows under the title, and yours are marked.
@MainActor
public final class EmojiGridController: ViewController {
    public private(set) var filter = Composer(capacity: 32)
    private let emoji: [String]
    private let chosen: Set<String>
    public private(set) var shown: [String] = []
    public private(set) var selectedIndex = 0
    private var columns = 1
    private let onPick: (String) -> Void

    /// Each cell: two columns for the emoji, a mark column and a space.
    static let cellWidth = 4

    public init(title: String, emoji: [String], chosen: Set<String>, onPick: @escaping (String) -> Void) {
        self.emoji = emoji
        self.chosen = chosen
        self.onPick = onPick
        super.init(title: title)
        navigationPresentation = .modal
        takesTextInput = true
        applyFilter()
    }

    /// An emoji's name for searching and showing: its shortcode in words (one with letters
    /// first: `thumbsup` rather than `+1`), else the emoji itself.
    static func name(of emoji: String) -> String {
        let names = EmojiShortcodes.all.filter { $0.emoji == emoji }.map(\.name)
        let name = names.first { $0.contains { $0.isLetter } } ?? names.first
        return name.map { String($0.map { $0 == "_" ? " " : $0 }) } ?? emoji
    }

    private func applyFilter() {
        let query = filter.text.lowercased()
        shown = query.isEmpty ? emoji : emoji.filter { Self.name(of: $0).split(separator: " ").contains { $0.hasPrefix(query) } }
        selectedIndex = 0
    }

    override public func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        let theme = context.theme
        let width = canvas.size.width, height = canvas.size.height
        canvas.fill(Rect(column: 0, row: 0, width: width, height: height), style: theme.content)
        columns = max((width - 2) / Self.cellWidth, 1)
        let selectedName = shown.indices.contains(selectedIndex) ? Self.name(of: shown[selectedIndex]) : "No reaction matches"
        let yours = shown.indices.contains(selectedIndex) && chosen.contains(shown[selectedIndex]) ? " · yours: Enter takes it back" : ""
        canvas.put(selectedName + yours, column: 1, row: 0, style: theme.secondaryText, maxWidth: max(width - 2, 0))
        let gridRows = max(height - 3, 1)
        let firstRow = max(selectedIndex / columns - gridRows + 1, 0)
        for (index, item) in shown.enumerated() {
            let row = index / columns - firstRow
            guard row >= 0, row < gridRows else { continue }
            let column = 1 + (index % columns) * Self.cellWidth
            let style = index == selectedIndex ? theme.selection : theme.content
            canvas.fill(Rect(column: column - 1, row: row + 1, width: Self.cellWidth, height: 1), style: style)
            canvas.put(item, column: column, row: row + 1, style: style)
            if chosen.contains(item) { canvas.put("•", column: column + 2, row: row + 1, style: style.with(attributes: .bold)) }
        }
        let end = canvas.put("Find: " + filter.text, column: 1, row: height - 1, style: theme.content, maxWidth: max(width - 3, 0))
        canvas.put("▏", column: end, row: height - 1, style: theme.accent)
    }

    override public func handle(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event else { return super.handle(event) }
        if let character = key.plainCharacter, character != " " {
            filter.insert(String(character))
            applyFilter()
            return true
        }
        switch key.key {
        case .backspace:
            filter.deleteBackward()
            applyFilter()
        case .left: move(by: -1)
        case .right: move(by: 1)
        case .up: move(by: -columns)
        case .down: move(by: columns)
        case .enter:
            guard shown.indices.contains(selectedIndex) else { return true }
            let picked = shown[selectedIndex]
            _ = navigationController?.popViewController(animated: false)
            onPick(picked)
        default:
            return super.handle(event)
        }
        return true
    }

    private func move(by step: Int) {
        guard !shown.isEmpty else { return }
        selectedIndex = min(max(selectedIndex + step, 0), shown.count - 1)
    }

    override public var keyHints: [KeyHintItem] {
        [KeyHintItem("abc", "find"), KeyHintItem("←↑↓→", "move"), KeyHintItem(KeyEvent(.enter), "react")]
    }

    override public var previousActionHint: String? { "cancel" }
}
