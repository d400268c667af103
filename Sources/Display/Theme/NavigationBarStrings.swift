/// The words the navigation bar draws itself (Telegram's `NavigationBarStrings`). Display has no
/// strings of its own: the app fills these from `PresentationStrings` for the user's language.
public struct NavigationBarStrings: Hashable, Sendable {
    public var back: String
    public var close: String

    public init(back: String, close: String) {
        self.back = back
        self.close = close
    }

    /// English, for tests and tools that have no strings file.
    public static let english = NavigationBarStrings(back: "Back", close: "Close")
}

/// What every controller draws with: the theme and the bar's strings (Telegram's
/// `NavigationBarPresentationData`, widened to the whole tree).
public struct PresentationContext: Hashable, Sendable {
    public var theme: Theme
    public var strings: NavigationBarStrings

    public init(theme: Theme, strings: NavigationBarStrings = .english) {
        self.theme = theme
        self.strings = strings
    }
}
