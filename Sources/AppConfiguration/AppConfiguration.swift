import Display
import Formats

/// What the person's configuration file says, over the defaults: the keys (the style and each
/// rebinding) and the theme, if it picks one; and what in it could not be used.
public struct AppConfiguration: Sendable {
    public var keyBindings: KeyBindings
    /// nil: the settings' theme (`main settings --theme`, the Settings screen) applies.
    public var theme: PresentationThemeSettings.Theme?
    public var problems: [ConfigurationProblem]
    /// How photos are drawn (`graphics`); nil: "auto", the terminal is asked. See GraphicsSettings.
    public var graphics: GraphicsMode?
    /// The terminal's bell on a new message while the window is not in front (`[notifications] bell`).
    public var bell = true
    /// The program that opens files and links, with its arguments (nil: xdg-open).
    public var opener: [String]?
    /// [notifications]' desktop keys, which main records for notify-service.
    public var desktopNotifications = DesktopNotificationSettings.defaultSettings

    public static let defaults = AppConfiguration(keyBindings: .defaults, theme: nil, problems: [])

    public init(keyBindings: KeyBindings, theme: PresentationThemeSettings.Theme?, problems: [ConfigurationProblem]) {
        self.keyBindings = keyBindings
        self.theme = theme
        self.problems = problems
    }
}
