import Formats
import TOMLKit

/// `[notifications] desktop = true` and `terminal = ["x-terminal-emulator", "-e"]`: whether
/// notify-service posts to the desktop, and the terminal "Open" starts main in when main is not
/// running. Other keys of [notifications] belong to other readers and are left to them.
extension ConfigurationReader.Reading {
    mutating func desktopNotifications(_ root: TOMLTable) -> DesktopNotificationSettings {
        var settings = DesktopNotificationSettings.defaultSettings
        guard let table = table(root, "notifications", in: []) else { return settings }
        if let value = table["desktop"] {
            if let desktop = value.bool { settings.desktop = desktop } else { problem(["notifications"], "desktop", "desktop is true or false") }
        }
        if let value = table["terminal"] {
            if let array = value.array, !array.isEmpty, case let strings = array.compactMap(\.string), strings.count == array.count,
               !strings[0].isEmpty {
                settings.terminal = strings
            } else {
                problem(["notifications"], "terminal", "terminal is a command as a list of strings ([\"x-terminal-emulator\", \"-e\"]), main and its arguments appended")
            }
        }
        return settings
    }
}
