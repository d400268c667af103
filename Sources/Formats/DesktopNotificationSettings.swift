import Container

/// What the configuration file's [notifications] says about the desktop, as main records it for
/// notify-service (which must not link the configuration reader): in
/// `<root>/desktop-notifications/settings.json`. Absent file: the defaults.
public struct DesktopNotificationSettings: Codable, Equatable, Sendable {
    /// Post notifications to the session's notification server.
    public var desktop: Bool
    /// The argv that starts a terminal running a command appended to it ("Open" with no main running).
    public var terminal: [String]

    public static let defaultSettings = DesktopNotificationSettings(desktop: true, terminal: ["x-terminal-emulator", "-e"])

    public init(desktop: Bool, terminal: [String]) {
        self.desktop = desktop
        self.terminal = terminal
    }

    public static func path(_ layout: ContainerLayout) -> String { layout.desktopNotificationsPath + "/settings.json" }

    /// The recorded settings, the defaults when none were recorded or the file is unreadable;
    /// `TELEGRAM_DESKTOP_NOTIFICATIONS=0|1` overrides `desktop` (tests, a session without a desktop).
    public static func read(_ layout: ContainerLayout, environment: [String: String]) -> DesktopNotificationSettings {
        var settings = (try? JSONFile.read(DesktopNotificationSettings.self, from: path(layout), limit: 64 * 1024)) ?? defaultSettings
        switch environment["TELEGRAM_DESKTOP_NOTIFICATIONS"] {
        case "0": settings.desktop = false
        case "1": settings.desktop = true
        default: break
        }
        if settings.terminal.isEmpty { settings.terminal = defaultSettings.terminal }
        return settings
    }

    /// main records what its configuration file says; unchanged settings are not rewritten.
    public func record(_ layout: ContainerLayout) throws {
        if (try? JSONFile.read(DesktopNotificationSettings.self, from: Self.path(layout), limit: 64 * 1024)) == self { return }
        try FileSystem.createDirectory(layout.desktopNotificationsPath)
        try JSONFile.write(self, to: Self.path(layout))
    }
}
