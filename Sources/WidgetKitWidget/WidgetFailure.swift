import Bootstrap

/// Why a widget command showed nothing.
public typealias WidgetFailure = ExtensionFailure

extension ExtensionFailure {
    /// Telegram's words when the widget's chats are edited while the app is locked, and nothing else.
    public static let editingLocked = ExtensionFailure("locked", "Open Telegram and enter passcode to edit widget.")

    public static let noAccount = ExtensionFailure("noAccount", "no account: log in with `main login` first")
}
