import Display

/// The unauthorized root while the login screen is still to come: says how to add an account.
@MainActor
final class SignedOutController: ViewController {
    init() {
        super.init(title: "Telegram")
    }

    override func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        let lines = ["No account is logged in.", "", "Add one with:  main login --phone <number> --name <name>",
                     "then run main again.", "", "q quits."]
        for (index, line) in lines.enumerated() {
            canvas.put(line, column: 2, row: 1 + index, style: index == 0 ? context.theme.accent : context.theme.content,
                       maxWidth: max(canvas.size.width - 4, 0))
        }
    }
}
