import Container

/// Telegram's TelegramApplicationBindings: platform capabilities handed to the platform-free
/// core as a struct of closures, so the core never asks "am I the app or an extension?".
public struct ApplicationBindings: Sendable {
    public let isMainApp: Bool
    public let appBundleId: String
    public let containerPath: String
    public let appSpecificScheme: String
    /// Opens a URL; on Linux the running app handles its own scheme and logs anything else.
    public let openUrl: @Sendable (String) -> Void
    public let applicationInForeground: @Sendable () -> Bool
    public let applicationIsActive: @Sendable () -> Bool
    public let clearMessageNotifications: @Sendable ([String]) -> Void
    public let registerForNotifications: @Sendable () -> Void
    public let pushIdleTimerExtension: @Sendable () -> Void

    public init(isMainApp: Bool, appBundleId: String, containerPath: String, appSpecificScheme: String,
                openUrl: @escaping @Sendable (String) -> Void,
                applicationInForeground: @escaping @Sendable () -> Bool,
                applicationIsActive: @escaping @Sendable () -> Bool,
                clearMessageNotifications: @escaping @Sendable ([String]) -> Void,
                registerForNotifications: @escaping @Sendable () -> Void,
                pushIdleTimerExtension: @escaping @Sendable () -> Void) {
        self.isMainApp = isMainApp
        self.appBundleId = appBundleId
        self.containerPath = containerPath
        self.appSpecificScheme = appSpecificScheme
        self.openUrl = openUrl
        self.applicationInForeground = applicationInForeground
        self.applicationIsActive = applicationIsActive
        self.clearMessageNotifications = clearMessageNotifications
        self.registerForNotifications = registerForNotifications
        self.pushIdleTimerExtension = pushIdleTimerExtension
    }
}
