import Formats

// The values the app hands its interface, made by hand where the interface's wiring is tested
// without a launch (fake hosts in AppInterfaceTests).

extension PresentationDataAndSettings {
    /// English strings and every setting's default: what a launch without a settings store shows.
    public static let defaults = PresentationDataAndSettings(
        strings: .english, inAppNotificationSettings: .defaultSettings, interfaceSettings: .defaultSettings,
        themeSettings: .defaultSettings, migrated: [])
}

extension AppSettings.Values {
    /// The values a presentation shows.
    public init(_ data: PresentationDataAndSettings) {
        self.init(interface: data.interfaceSettings, inApp: data.inAppNotificationSettings, theme: data.themeSettings)
    }
}

extension LinkToOpen {
    public init(account: Int64, peer: Int64, title: String) {
        self.init(accountId: account, peerId: peer, title: title)
    }
}
