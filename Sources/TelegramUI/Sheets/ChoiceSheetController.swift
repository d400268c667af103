import Display

/// A sheet of choices (Telegram's action sheet): ↑ ↓ move, Enter takes the highlighted one (the
/// first, the usual choice, to begin with), Esc closes without a choice. Closes itself before
/// `onPick` runs, so what the choice does happens on the screen beneath.
@MainActor
public final class ChoiceSheetController: ListController {
    private let onPick: (Int) -> Void

    public init(title: String, rows: [ListItem], onPick: @escaping (Int) -> Void) {
        self.onPick = onPick
        super.init(title: title, items: rows)
        navigationPresentation = .modal
        onOpen = { [unowned self] index in
            _ = navigationController?.popViewController(animated: false)
            self.onPick(index)
        }
    }

    override public var keyHints: [KeyHintItem] {
        [KeyHintItem("↑↓", "move"), KeyHintItem(KeyEvent(.enter), "choose")]
    }

    override public var previousActionHint: String? { "cancel" }
}
