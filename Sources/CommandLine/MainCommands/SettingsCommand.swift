import AppCore
import ArgumentParser
import Bootstrap
import CommandLineSupport
import Formats
import TelegramCore

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the app's settings (shared data in accounts-metadata).",
        discussion: "With no option it prints the settings. Extensions read the same values.")

    @OptionGroup var options: ContainerOptions
    @Option(help: "Show the Calls tab (true/false).") var showCallsTab: Bool?
    @Option(parsing: .unconditional, help: "Seconds of inactivity before auto-lock when a passcode is set (60…86400).") var autolockTimeout: Int32?
    @Option(help: "Name the sender in notifications on the lock screen (true/false).") var displayNameOnLockscreen: Bool?
    @Option(help: "Show message text in notifications (true/false).") var displayPreviews: Bool?
    @Option(help: "The interface's theme: terminal (its own colours), day or night.") var theme: PresentationThemeSettings.Theme?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if let autolockTimeout, !(60...86_400).contains(autolockTimeout) {
            throw ValidationError("--autolock-timeout must be between 60 and 86400 seconds")
        }
    }

    func run() throws {
        let change = SettingsChange(showCallsTab: showCallsTab, autolockTimeout: autolockTimeout,
                                    displayNameOnLockscreen: displayNameOnLockscreen, displayPreviews: displayPreviews,
                                    theme: theme?.rawValue)
        let view = try change.isEmpty
            ? withReadingApp(options) { SettingsView(try AppSettings.current($0)) }
            : Operations.perform(.updateSettings(change), options).expect("settings") {
                if case .settings(let view) = $0 { return view } else { return nil }
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
