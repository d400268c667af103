/// One screen of a text-entry flow (the login's phone number, then its name; a passcode, then
/// its confirmation): what it says, what the field is called, whether what is typed is masked.
public struct TextEntryStep: Sendable {
    public var title: String
    /// Lines of explanation above the field.
    public var lines: [String]
    public var label: String
    /// Shown as `•`, never as typed (a passcode).
    public var isSecure: Bool
    /// Characters the field takes at most.
    public var capacity: Int
    /// What the field starts with (a phone number's `+`).
    public var initialText: String

    public init(title: String, lines: [String] = [], label: String, isSecure: Bool = false,
                capacity: Int = 128, initialText: String = "") {
        self.title = title
        self.lines = lines
        self.label = label
        self.isSecure = isSecure
        self.capacity = capacity
        self.initialText = initialText
    }
}

/// What Enter on a step leads to.
public enum TextEntryOutcome: Sendable {
    /// Another step (the field is cleared for it).
    case next(TextEntryStep)
    /// Stay, with this error under the field (a wrong passcode, a refused login).
    case error(String)
    /// Stay while work goes on elsewhere (a code being sent), saying so under the field; Enter
    /// and Esc wait, and the owner ends it with `TextEntryController.finish`.
    case working(String)
    /// The flow is over; the owner dismisses the screen.
    case done
}
