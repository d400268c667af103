import Testing
import AppConfiguration
import Formats

/// [notifications] desktop and terminal: read, defaulted, and a wrong value named with its line.
@Suite struct DesktopNotificationSettingsTests {
    static let file = "/home/ada/.config/ph.telegra.Telegraph/config.toml"

    @Test func readsDesktopAndTerminal() {
        let configuration = ConfigurationReader.parse("[notifications]\ndesktop = false\nterminal = [\"foot\", \"--\"]\nbell = true\n", file: Self.file)
        #expect(configuration.desktopNotifications == DesktopNotificationSettings(desktop: false, terminal: ["foot", "--"]))
        #expect(configuration.problems.isEmpty, "\(configuration.problems)")
    }

    @Test func absentIsTheDefaults() {
        #expect(ConfigurationReader.parse("theme = \"night\"\n", file: Self.file).desktopNotifications == .defaultSettings)
    }

    @Test func wrongValuesAreNamedAndKeepTheDefaults() {
        let configuration = ConfigurationReader.parse("[notifications]\ndesktop = \"yes\"\nterminal = []\n", file: Self.file)
        #expect(configuration.desktopNotifications == .defaultSettings)
        #expect(configuration.problems.map(\.line) == [2, 3], "\(configuration.problems)")
    }
}
