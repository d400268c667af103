import Display

/// A screen with one text field, the unit of the app's forms: the login (phone number, then
/// name), the passcode sheets and the unlock screen. The field takes keys and pastes (one line;
/// the cursor moves and edits as the chat's composer does, `Composer.handle`),
/// a masked field shows `•`; `validate` is checked as the person types and its problem shown
/// under the field (inline, as Telegram's login marks a bad number), Enter hands the text to
/// `onSubmit`, whose outcome moves to the next step, shows an error or ends the flow. Esc goes
/// back a step, then to `onCancel` (or the navigation, when there is none).
@MainActor
public final class TextEntryController: ViewController {
    public private(set) var step: TextEntryStep
    public private(set) var field: Composer
    /// The last refusal (`.error`), shown until the text changes.
    public private(set) var error: String?
    /// What is on its way since the last Enter (`.working`), shown until `finish`.
    public private(set) var working: String?
    /// A problem with what is typed so far, shown dimmed; nil when it is fine.
    public var validate: ((String) -> String?)?
    /// Called when the screens look again (the app's tick, or the owner's work finished): the
    /// owner takes what its work brought.
    public var onRefresh: (() -> Void)?
    public var onSubmit: ((String) -> TextEntryOutcome)?
    public var onCancel: (() -> Void)?
    /// Esc while the work is on its way: the owner stops it and says so (the line shown under the
    /// field); the field is the person's again. nil: Esc waits with the field until it ends.
    public var onStopWork: (() -> String)?
    /// Steps already passed and what was entered in them, for Esc.
    private var previousSteps: [(step: TextEntryStep, text: String)] = []

    public init(step: TextEntryStep) {
        self.step = step
        field = Composer(capacity: step.capacity)
        field.insert(step.initialText)
        super.init(title: step.title)
        takesTextInput = true
    }

    /// What the field shows: the text, or a `•` per character when masked.
    public var shownText: String {
        step.isSecure ? String(repeating: "•", count: field.text.count) : field.text
    }

    /// Nothing is wrong before the person has typed (an empty field, or only its initial `+`).
    public var problem: String? {
        field.text.isEmpty || field.text == step.initialText ? nil : validate?(field.text)
    }

    /// Shows an error without a submit (the unlock screen's wait counting down).
    public func show(error: String?) { self.error = error }

    /// The work begun by `.working` ended: its outcome, as Enter's would have been.
    public func finish(_ outcome: TextEntryOutcome) {
        working = nil
        apply(outcome)
    }

    private func move(to next: TextEntryStep, text: String? = nil, remembering: Bool) {
        if remembering { previousSteps.append((step, step.isSecure ? "" : field.text)) }
        step = next
        title = next.title
        field = Composer(capacity: next.capacity)
        field.insert(text ?? next.initialText)
        error = nil
    }

    override public func drawContent(in canvas: inout Canvas, context: PresentationContext) {
        let theme = context.theme
        let width = max(canvas.size.width - 4, 0)
        var row = 1
        for line in step.lines {
            canvas.put(line, column: 2, row: row, style: theme.content, maxWidth: width)
            row += 1
        }
        if !step.lines.isEmpty { row += 1 }
        canvas.put(step.label, column: 2, row: row, style: theme.secondaryText, maxWidth: width)
        row += 1
        // The field: what fits around the cursor, the cursor where it is, an underline beneath.
        FieldLine.draw(shownText, cursor: field.cursor, in: &canvas, column: 2, row: row, width: width,
                       style: theme.content.with(attributes: .bold), cursorStyle: theme.content.with(attributes: .reverse))
        canvas.put(String(repeating: "─", count: width), column: 2, row: row + 1, style: theme.sheetBorder)
        if let working {
            canvas.put(working, column: 2, row: row + 2, style: theme.secondaryText, maxWidth: width)
        } else if let error {
            canvas.put(error, column: 2, row: row + 2, style: theme.destructive, maxWidth: width)
        } else if let problem {
            canvas.put(problem, column: 2, row: row + 2, style: theme.secondaryText, maxWidth: width)
        }
    }

    override public func handle(_ event: InputEvent) -> Bool {
        // What is typed waits with the field while the work is on its way; Esc stops the work
        // where the owner can (a second Esc then goes back as usual).
        if working != nil, case .key(let key) = event, key.key == .enter || key.key == .escape {
            if key.key == .escape, let stop = onStopWork {
                working = nil
                error = stop()
            }
            return true
        }
        switch event {
        case .paste(let text):
            // One line: a pasted newline would submit in a real field; here it is just dropped.
            field.insert(String(text.filter { $0 != "\n" && $0 != "\r" && $0 != "\t" }))
            error = nil
            return true
        case .key(let key):
            if key.modifiers.isEmpty || key.modifiers == .shift, case .character(let character) = key.key, character.isNewline {
                return true
            }
            if key.key != .enter, key.key != .escape, field.handle(key) {
                error = nil
                return true
            }
            switch key.key {
            case .enter:
                submit()
                return true
            case .escape:
                if let last = previousSteps.popLast() {
                    // Back to what was entered there (a passcode is entered again).
                    move(to: last.step, text: last.step.isSecure ? nil : last.text, remembering: false)
                    return true
                }
                if let onCancel {
                    onCancel()
                    return true
                }
                return false
            default:
                return super.handle(event)
            }
        default:
            return super.handle(event)
        }
    }

    private func submit() {
        let text = field.text
        if let problem = validate?(text) {
            error = problem
            return
        }
        guard working == nil else { return }
        apply(onSubmit?(text) ?? .done)
    }

    private func apply(_ outcome: TextEntryOutcome) {
        switch outcome {
        case .next(let next): move(to: next, remembering: true)
        case .error(let message):
            error = message
            if step.isSecure { field.clear() }
        case .working(let message):
            working = message
            error = nil
        case .done: break
        }
    }

    override public var keyHints: [KeyHintItem] {
        // While the work is on its way Enter waits; Esc stops it where the owner can.
        if working != nil { return (onStopWork != nil ? [KeyHintItem(KeyEvent(.escape), "stop")] : []) + super.keyHints }
        var hints = [KeyHintItem(KeyEvent(.enter), "continue")]
        if !previousSteps.isEmpty || onCancel != nil { hints.append(KeyHintItem(KeyEvent(.escape), "back")) }
        return hints + super.keyHints
    }
}
