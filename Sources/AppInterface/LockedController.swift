import Display

/// What the window shows while the app is locked: this screen instead of the navigation, so
/// nothing of the chats is drawn at all (not drawn and covered: not drawn). Entering the passcode
/// here is still to come (issue 14); `main unlock` from another terminal unlocks, and the
/// interface sees it within a second.
@MainActor
final class LockedController: ViewController {
    var onQuit: (() -> Void)?

    init() {
        super.init(title: "Telegram")
    }

    override func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        let lines = ["🔒 Locked", "", "Unlock with `main unlock` (the passcode on its standard input).", "", "q quits."]
        for (index, line) in lines.enumerated() {
            canvas.put(line, column: 2, row: 1 + index, style: index == 0 ? context.theme.accent : context.theme.content,
                       maxWidth: max(canvas.size.width - 4, 0))
        }
    }

    override func handle(_ event: InputEvent) -> Bool {
        if case .key(let key) = event, key.plainCharacter == "q" { onQuit?() }
        return true
    }
}
