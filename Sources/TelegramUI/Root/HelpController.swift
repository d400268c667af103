import Display

/// `?`: every key the app knows, as a sheet over whatever is on screen (Esc closes it). The
/// bottom key line lists what works on the current screen; this is the whole list.
@MainActor
public final class HelpController: ListController {
    public static let sections: [(String, [(String, String)])] = [
        ("Everywhere", [("?", "this help"), ("q", "quit (on a root screen)"), ("^C", "quit"),
                        ("Esc", "back, or close a sheet"), ("F6", "switch columns (wide terminal)"),
                        ("F7 / F8", "open / end the call in the corner box"), ("^O", "open the chat of a notification")]),
        ("Tabs", [("1-4", "Contacts, Calls, Chats, Settings"), ("Tab / ⇧Tab", "next / previous tab")]),
        ("Lists", [("↑↓ j k", "move"), ("PgUp PgDn Home End", "scroll"), ("⏎", "open")]),
        ("Chats", [("/", "search chat names, ⏎ searches messages too"), ("c", "start a group call (Calls tab)")]),
        ("Chat", [("type, ⏎", "send a message"), ("PgUp PgDn", "scroll the history"), ("^G", "start a group call")]),
        ("Call", [("e", "end the call"), ("Esc", "back to the corner box")]),
    ]

    public init() {
        super.init(title: "Keys")
        navigationPresentation = .modal
        var rows: [ListItem] = []
        for (section, keys) in Self.sections {
            rows.append(ListItem(title: section))
            rows += keys.map { ListItem(title: "  " + $0.0, detail: $0.1) }
        }
        items = rows
        select(1)  // the first key, not its heading
    }
}
