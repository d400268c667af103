/// Where a key binding applies: a table of the configuration file (`[keys.list]`) and the screens
/// that read it. A screen asks in its own context, so one key can mean different things in a list
/// and in a chat (`e` edits a selected message; in a list it is free).
public enum KeyContext: String, CaseIterable, Hashable, Sendable {
    /// What works on any screen that does not take the key first: quit, help, tabs, columns.
    case global
    /// Lists: the chat list, the search's results, contacts, calls, settings.
    case list
    /// A chat while its composer has the keys: scrolling, the chat's own commands.
    case chat
    /// A chat with a message selected: moving the selection and acting on the message.
    case selection
    /// The composer's line editor.
    case composer

    /// Contexts whose keys reach one screen together, so a key must not mean two things across
    /// them: a chat's composer gets its editing keys and the chat's commands at once.
    public static let layered: [[KeyContext]] = [[.chat, .composer]]
}
