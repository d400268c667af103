import Display

/// The forward sheet's chat picker (Telegram's peer selection): the chats in list order, the
/// typed text narrowing them to those whose words start with it; ↑ ↓ move, Enter picks, Esc closes.
@MainActor
public final class ChatPickerController: ListController {
    public private(set) var filter = Composer(capacity: 64)
    private let chats: [ForwardTarget]
    public private(set) var shown: [ForwardTarget] = []
    private let onPick: (ForwardTarget) -> Void

    public init(title: String, chats: [ForwardTarget], onPick: @escaping (ForwardTarget) -> Void) {
        self.chats = chats
        self.onPick = onPick
        super.init(title: title)
        navigationPresentation = .modal
        takesTextInput = true
        applyFilter()
        onOpen = { [unowned self] index in
            guard shown.indices.contains(index) else { return }
            let target = shown[index]
            _ = navigationController?.popViewController(animated: false)
            self.onPick(target)
        }
    }

    private func applyFilter() {
        let query = filter.text.lowercased()
        shown = query.isEmpty ? chats : chats.filter { chat in
            chat.title.lowercased().split(whereSeparator: { $0 == " " }).contains { $0.hasPrefix(query) }
                || chat.title.lowercased().hasPrefix(query)
        }
        items = shown.map { ListItem(title: $0.title) }
        select(0)
    }

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
        let end = canvas.put("To: " + filter.text, column: 1, row: row, style: context.theme.content, maxWidth: max(canvas.size.width - 3, 0))
        canvas.put("▏", column: end, row: row, style: context.theme.accent)
        if shown.isEmpty {
            canvas.put("No chat matches", column: 1, row: 0, style: context.theme.secondaryText, maxWidth: max(canvas.size.width - 2, 0))
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
        [KeyHintItem("abc", "filter"), KeyHintItem("↑↓", "move"), KeyHintItem(KeyEvent(.enter), "forward")]
    }

    override public var previousActionHint: String? { "cancel" }
}
