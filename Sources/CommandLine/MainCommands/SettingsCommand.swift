import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import Storage

/// The settings that shape the app and what extensions may show, as one JSON-able view.
struct SettingsView: Codable {
    let showCallsTab: Bool
    let autolockTimeout: Int32
    let displayNameOnLockscreen: Bool
    let displayPreviews: Bool
    let theme: String
}

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the app's settings (shared data in accounts-metadata).",
        discussion: "With no option it prints the settings. Extensions read the same values.")

    @OptionGroup var options: ContainerOptions
    @Option(help: "Show the Calls tab (true/false).") var showCallsTab: Bool?
    @Option(help: "Seconds of inactivity before auto-lock when a passcode is set (60…86400).") var autolockTimeout: Int32?
    @Option(help: "Name the sender in notifications on the lock screen (true/false).") var displayNameOnLockscreen: Bool?
    @Option(help: "Show message text in notifications (true/false).") var displayPreviews: Bool?
    @Option(help: "The interface's theme: day or night.") var theme: PresentationThemeSettings.Theme?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if let autolockTimeout, !(60...86_400).contains(autolockTimeout) {
            throw ValidationError("--autolock-timeout must be between 60 and 86400 seconds")
        }
    }

    func run() throws {
        let changing = showCallsTab != nil || autolockTimeout != nil || displayNameOnLockscreen != nil || displayPreviews != nil || theme != nil
        let view = try withLaunchedApp(options, mode: changing ? .writer : .reader) { app -> SettingsView in
            let values = try changing ? AppSettings.update(app) { values in
                if let showCallsTab { values.interface.showCallsTab = showCallsTab }
                if let autolockTimeout { values.interface.autolockTimeout = autolockTimeout }
                if let displayNameOnLockscreen { values.inApp.displayNameOnLockscreen = displayNameOnLockscreen }
                if let displayPreviews { values.inApp.displayPreviews = displayPreviews }
                if let theme { values.theme.theme = theme }
            } : AppSettings.current(app)
            return SettingsView(showCallsTab: values.interface.showCallsTab, autolockTimeout: values.interface.autolockTimeout,
                                displayNameOnLockscreen: values.inApp.displayNameOnLockscreen,
                                displayPreviews: values.inApp.displayPreviews, theme: values.theme.theme.rawValue)
        }
        if json {
            printJSON(try JSONFile.text(view))
        } else {
            printLines([
                "show calls tab:             \(view.showCallsTab)",
                "auto-lock timeout:          \(view.autolockTimeout) s",
                "name on lock screen:        \(view.displayNameOnLockscreen)",
                "message previews:           \(view.displayPreviews)",
                "theme:                      \(view.theme)",
            ])
        }
    }
}

extension PresentationThemeSettings.Theme: ExpressibleByArgument {}
