import Bootstrap

/// Why share sent (or listed) nothing.
public typealias ShareFailure = ExtensionFailure

extension ExtensionFailure {
    /// The same words every time, and nothing else: a locked app reveals no chat, no account.
    public static let locked = ExtensionFailure("locked", "the app is locked; unlock it in main first")

    public static func refused(_ description: String) -> ExtensionFailure { ExtensionFailure("refused", description) }
}
