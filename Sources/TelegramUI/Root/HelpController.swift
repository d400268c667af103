import Display

/// `?`: every key the app knows, as a sheet over whatever is on screen (Esc closes it). The
/// bottom key line lists what works on the current screen; this is the whole list, read from the
/// person's key bindings, so a rebinding in the configuration file shows here.
@MainActor
public final class HelpController: ListController {
    /// Keys that are not the person's to bind, and where they work.
    static let fixedKeys: [KeyContext: [(String, String)]] = [
        .global: [("^C ^Q", "quit at once"), ("^Z", "suspend (fg in the shell comes back)"), ("Esc", "back, or close a sheet"), ("F7 / F8", "open / end the call in the corner box"),
                  ("^O", "open the chat of a notification"), ("1-4", "Contacts, Calls, Chats, Settings")],
        .list: [("c", "start a group call (Calls tab)")],
        .chat: [("type, ⏎", "send a message")],
        .composer: [("Tab", "complete @name or :emoji: (: then Tab: the emoji picker)")],
    ]

    static let headings: [KeyContext: String] = [
        .global: "Everywhere", .list: "Lists", .chat: "Chat", .selection: "A selected message", .composer: "Composer",
    ]

    /// The sections as they are listed: a heading, then each key and what it does.
    public static func sections(_ bindings: KeyBindings) -> [(String, [(String, String)])] {
        var sections: [(String, [(String, String)])] = KeyContext.allCases.map { context in
            let bound = KeyAction.all(in: context).compactMap { action in bindings.hints(for: action).map { ($0, action.summary) } }
            return (headings[context] ?? context.rawValue, bound + (fixedKeys[context] ?? []))
        }
        sections.append(("Call", [("e", "end the call"), ("Esc", "back to the corner box")]))
        return sections
    }

    public init(bindings: KeyBindings = .defaults) {
        super.init(title: "Keys")
        keyBindings = bindings
        navigationPresentation = .modal
        var rows: [ListItem] = []
        for (section, keys) in Self.sections(bindings) {
            rows.append(ListItem(title: section))
            rows += keys.map { ListItem(title: "  " + $0.0, detail: $0.1) }
        }
        items = rows
        select(1)  // the first key, not its heading
    }
}
