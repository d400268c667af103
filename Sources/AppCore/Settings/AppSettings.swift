import Formats
import TelegramCore

/// The app's shared settings, changed in one place for `main settings` and the interface's
/// Settings tab: read fresh from the store (a running app's launch-time copy may be stale after a
/// handed-over change), changed, written, and made the running app's presentation data at once.
public enum AppSettings {
    public struct Values: Equatable, Sendable {
        public var interface: InterfaceSettings
        public var inApp: InAppNotificationSettings
        public var theme: PresentationThemeSettings
    }

    public struct Unavailable: Error, CustomStringConvertible {
        public let description = "the settings store does not exist yet (run `main run` or `main login` once)"
    }

    /// What the store holds now (defaults for what it lacks).
    public static func current(_ app: LaunchedApp) throws -> Values {
        let data = app.shared.presentationData
        guard let store = try app.shared.accountManager.sharedData() else {
            return Values(interface: data.interfaceSettings, inApp: data.inAppNotificationSettings, theme: data.themeSettings)
        }
        return Values(interface: try store.get(InterfaceSettings.self, .interfaceSettings) ?? data.interfaceSettings,
                      inApp: try store.get(InAppNotificationSettings.self, .inAppNotificationSettings) ?? data.inAppNotificationSettings,
                      theme: try store.get(PresentationThemeSettings.self, .presentationThemeSettings) ?? data.themeSettings)
    }

    /// Applies `change` and writes what changed. While a passcode is set, the lock state mirrors
    /// the auto-lock timeout, so extensions lock at the same moment the app does.
    @discardableResult
    public static func update(_ app: LaunchedApp, _ change: (inout Values) throws -> Void) throws -> Values {
        guard let store = try app.shared.accountManager.sharedData() else { throw Unavailable() }
        let old = try current(app)
        var new = old
        try change(&new)
        if new.interface != old.interface { try store.set(new.interface, .interfaceSettings) }
        if new.inApp != old.inApp { try store.set(new.inApp, .inAppNotificationSettings) }
        if new.theme != old.theme { try store.set(new.theme, .presentationThemeSettings) }
        app.shared.presentationData.interfaceSettings = new.interface
        app.shared.presentationData.inAppNotificationSettings = new.inApp
        app.shared.presentationData.themeSettings = new.theme
        if new.interface.autolockTimeout != old.interface.autolockTimeout {
            let lock = AppLockController(app: app)
            if lock.hasPasscode {
                var state = lock.currentState()
                state.autolockTimeout = new.interface.autolockTimeout
                try lock.write(state)
            }
        }
        if new != old { app.logger.info("settings changed") }
        return new
    }
}

extension AppSettings {
    /// Applies a `main settings` change (an unknown theme refused before anything is written).
    @discardableResult
    public static func update(_ app: LaunchedApp, _ change: SettingsChange) throws -> Values {
        let theme = try change.theme.map { name -> PresentationThemeSettings.Theme in
            guard let theme = PresentationThemeSettings.Theme(rawValue: name) else {
                throw OperationFailure(.invalidInput, "unknown theme \(name) (terminal, day or night)")
            }
            return theme
        }
        return try update(app) { values in
            if let showCallsTab = change.showCallsTab { values.interface.showCallsTab = showCallsTab }
            if let autolockTimeout = change.autolockTimeout { values.interface.autolockTimeout = autolockTimeout }
            if let displayNameOnLockscreen = change.displayNameOnLockscreen { values.inApp.displayNameOnLockscreen = displayNameOnLockscreen }
            if let displayPreviews = change.displayPreviews { values.inApp.displayPreviews = displayPreviews }
            if let theme { values.theme.theme = theme }
        }
    }
}
