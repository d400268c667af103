import Display

/// `q` on a root screen asks first: a stray `q` (the first letter of a name typed to find a
/// chat) must not end the session. `q` or `y` again quits, as does Enter on "Quit"; Esc, Enter on
/// "Stay" (the first row, so a stray Enter stays too) or any other key that the sheet keeps leave
/// everything as it was. ^C and ^Q quit at once, without asking.
@MainActor
public final class QuitConfirmationController: ListController {
    private let onQuit: () -> Void

    public init(onQuit: @escaping () -> Void) {
        self.onQuit = onQuit
        super.init(title: "Quit Telegram?", items: [
            ListItem(title: "Stay", detail: "Esc"),
            ListItem(title: "Quit", detail: "q or y"),
        ])
        navigationPresentation = .modal
        onOpen = { [unowned self] index in
            _ = navigationController?.popViewController(animated: false)
            if index == 1 { self.onQuit() }
        }
    }

    override public func handle(_ event: InputEvent) -> Bool {
        if case .key(let key) = event, let character = key.plainCharacter {
            if character == "q" || character == "y" {
                _ = navigationController?.popViewController(animated: false)
                onQuit()
            }
            return true  // other letters (the rest of a word typed after a stray q) do nothing
        }
        return super.handle(event)
    }

    override public var keyHints: [KeyHintItem] {
        [KeyHintItem("q", "quit"), KeyHintItem(KeyEvent(.enter), "choose")]
    }

    override public var previousActionHint: String? { "stay" }
}
