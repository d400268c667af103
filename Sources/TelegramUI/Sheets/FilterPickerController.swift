import Display

/// A sheet of rows narrowed by typing (Telegram's peer selection, and the composer's completion
/// picker): the rows whose words — `@` and `:` aside — start with what is typed; ↑ ↓ move,
/// Enter picks (the sheet closes first, so what the pick does happens beneath), Esc closes.
@MainActor
public class FilterPickerController: ListController {
    public private(set) var filter = Composer(capacity: 64)
    private let labels: [String]
    /// Which of the rows are shown, by their place in the original list.
    public private(set) var shownIndices: [Int] = []
    private let prompt: String
    private let emptyText: String
    private let pickHint: String

    public init(title: String, labels: [String], prompt: String, emptyText: String, pickHint: String, onPick: @escaping (Int) -> Void) {
        self.labels = labels
        self.prompt = prompt
        self.emptyText = emptyText
        self.pickHint = pickHint
        super.init(title: title)
        navigationPresentation = .modal
        takesTextInput = true
        applyFilter()
        onOpen = { [unowned self] index in
            guard shownIndices.indices.contains(index) else { return }
            let picked = shownIndices[index]
            _ = navigationController?.popViewController(animated: false)
            onPick(picked)
        }
    }

    static func matches(_ label: String, _ query: String) -> Bool {
        let label = label.lowercased()
        return label.hasPrefix(query) || label.split(whereSeparator: { $0 == " " }).contains { word in
            word.drop { $0 == "@" || $0 == ":" }.hasPrefix(query)
        }
    }

    private func applyFilter() {
        let query = filter.text.lowercased()
        shownIndices = labels.indices.filter { query.isEmpty || Self.matches(labels[$0], query) }
        showRows()
        select(0)
    }

    /// The rows shown, each as `row(_:)` draws it.
    func showRows() { items = shownIndices.map(row) }

    /// The row of the original list's `index`: its label (a subclass adds its marks).
    func row(_ index: Int) -> ListItem { ListItem(title: labels[index]) }

    override public func controllerLayout(_ layout: ContainerViewLayout) -> ControllerLayout {
        var own = layout
        own.inputHeight = max(layout.inputHeight ?? 0, 1)
        return super.controllerLayout(own)
    }

    override public func render(in canvas: inout Canvas, context: PresentationContext) {
        super.render(in: &canvas, context: context)
        let row = canvas.size.height - 1
        guard row > 0 else { return }
        canvas.fill(Rect(column: 0, row: row, width: canvas.size.width, height: 1), style: context.theme.content)
        let end = canvas.put(prompt + filter.text, column: 1, row: row, style: context.theme.content, maxWidth: max(canvas.size.width - 3, 0))
        canvas.put("▏", column: end, row: row, style: context.theme.accent)
        if shownIndices.isEmpty {
            canvas.put(emptyText, column: 1, row: 0, style: context.theme.secondaryText, maxWidth: max(canvas.size.width - 2, 0))
        }
    }

    override public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .paste(let text):
            filter.insert(String(text.filter { !$0.isNewline }))
            applyFilter()
            return true
        case .key(let key):
            if let character = key.plainCharacter {
                filter.insert(String(character))
                applyFilter()
                return true
            }
            if key.key == .backspace, key.modifiers.isDisjoint(with: [.control, .alt]) {
                filter.deleteBackward()
                applyFilter()
                return true
            }
            return super.handle(event)
        default:
            return super.handle(event)
        }
    }

    override public var keyHints: [KeyHintItem] {
        [KeyHintItem("abc", "filter"), KeyHintItem("↑↓", "move"), KeyHintItem(KeyEvent(.enter), pickHint)]
    }

    override public var previousActionHint: String? { "cancel" }
}
