/// Telegram's InAppNotificationSettings (sharedData key 1000), the fields extensions read.
public struct InAppNotificationSettings: Codable, Equatable, Sendable {
    public var playSounds: Bool
    public var vibrate: Bool
    public var displayPreviews: Bool
    /// Whether a notification on the lock screen may name the sender.
    public var displayNameOnLockscreen: Bool
    public var displayNotificationsFromAllAccounts: Bool
    /// "messages" or "chats": what the badge counts.
    public var totalUnreadCountDisplayCategory: String
    public var totalUnreadCountIncludeMuted: Bool

    public static let defaultSettings = InAppNotificationSettings(
        playSounds: true, vibrate: false, displayPreviews: true, displayNameOnLockscreen: true,
        displayNotificationsFromAllAccounts: true, totalUnreadCountDisplayCategory: "messages",
        totalUnreadCountIncludeMuted: false)

    public init(playSounds: Bool, vibrate: Bool, displayPreviews: Bool, displayNameOnLockscreen: Bool,
                displayNotificationsFromAllAccounts: Bool, totalUnreadCountDisplayCategory: String,
                totalUnreadCountIncludeMuted: Bool) {
        self.playSounds = playSounds
        self.vibrate = vibrate
        self.displayPreviews = displayPreviews
        self.displayNameOnLockscreen = displayNameOnLockscreen
        self.displayNotificationsFromAllAccounts = displayNotificationsFromAllAccounts
        self.totalUnreadCountDisplayCategory = totalUnreadCountDisplayCategory
        self.totalUnreadCountIncludeMuted = totalUnreadCountIncludeMuted
    }
}

/// Settings that shape the root UI (Telegram's CallListSettings.showTab and friends).
public struct InterfaceSettings: Codable, Equatable, Sendable {
    public var showCallsTab: Bool
    /// Seconds of inactivity before auto-lock when a passcode is set.
    public var autolockTimeout: Int32

    public static let defaultSettings = InterfaceSettings(showCallsTab: true, autolockTimeout: 3600)

    public init(showCallsTab: Bool, autolockTimeout: Int32) {
        self.showCallsTab = showCallsTab
        self.autolockTimeout = autolockTimeout
    }
}

/// The interface's theme (Telegram's PresentationThemeSettings, reduced to day, night or the
/// terminal's own colours): main's interface only; extensions draw their own. `terminal` is the
/// default, so a dark terminal stays dark; a store written before it existed keeps its "day" or
/// "night", which still mean what they meant.
public struct PresentationThemeSettings: Codable, Equatable, Sendable {
    public enum Theme: String, Codable, Sendable, CaseIterable { case terminal, day, night }
    public var theme: Theme

    public static let defaultSettings = PresentationThemeSettings(theme: .terminal)

    public init(theme: Theme) { self.theme = theme }
}
