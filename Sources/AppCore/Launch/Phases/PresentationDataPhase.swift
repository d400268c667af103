import Container
import Formats
import TelegramCore

/// Presentation strings and settings, with their defaults.
public struct PresentationDataAndSettings: Equatable, Sendable {
    public var strings: PresentationStrings
    public var inAppNotificationSettings: InAppNotificationSettings
    public var interfaceSettings: InterfaceSettings
    public var themeSettings: PresentationThemeSettings
    /// What the settings migration did this launch.
    public var migrated: [String]
}

/// Phase 6: load settings, write defaults for what is missing, run settings migrations, and
/// publish the strings extensions need (notificationsPresentationData.json).
enum PresentationDataPhase {
    static let settingsVersion = 1

    static func run(accountManager: EngineAccountManager, layout: ContainerLayout, mode: LaunchMode) throws -> PresentationDataAndSettings {
        guard let store = try accountManager.sharedData() else {
            return PresentationDataAndSettings(strings: .english, inAppNotificationSettings: .defaultSettings,
                                               interfaceSettings: .defaultSettings, themeSettings: .defaultSettings, migrated: [])
        }
        var migrated: [String] = []
        let strings = try store.get(PresentationStrings.self, .presentationStrings) ?? .english
        let inApp = try store.get(InAppNotificationSettings.self, .inAppNotificationSettings) ?? .defaultSettings
        let interface = try store.get(InterfaceSettings.self, .interfaceSettings) ?? .defaultSettings
        let theme = try store.get(PresentationThemeSettings.self, .presentationThemeSettings) ?? .defaultSettings
        if mode == .writer {
            let version = try store.get(Int.self, .settingsVersion) ?? 0
            if version < settingsVersion {
                // Version 0 → 1: store every default explicitly, so extensions read the same values.
                try store.set(strings, .presentationStrings)
                try store.set(inApp, .inAppNotificationSettings)
                try store.set(interface, .interfaceSettings)
                try store.set(settingsVersion, .settingsVersion)
                migrated.append("settings \(version) → \(settingsVersion): defaults stored")
            }
            let published = NotificationsPresentationData(strings: strings)
            if (try? JSONFile.read(NotificationsPresentationData.self, from: layout.notificationsPresentationDataPath)) != published {
                try JSONFile.write(published, to: layout.notificationsPresentationDataPath)
            }
        }
        return PresentationDataAndSettings(strings: strings, inAppNotificationSettings: inApp,
                                           interfaceSettings: interface, themeSettings: theme, migrated: migrated)
    }
}
