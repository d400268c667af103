import ArgumentParser
import Bootstrap
import Formats
import Storage

/// The settings that shape the app and what extensions may show, as one JSON-able view.
struct SettingsView: Codable {
    let showCallsTab: Bool
    let autolockTimeout: Int32
    let displayNameOnLockscreen: Bool
    let displayPreviews: Bool
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
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if let autolockTimeout, !(60...86_400).contains(autolockTimeout) {
            throw ValidationError("--autolock-timeout must be between 60 and 86400 seconds")
        }
    }

    func run() throws {
        let changing = showCallsTab != nil || autolockTimeout != nil || displayNameOnLockscreen != nil || displayPreviews != nil
        let view = try withLaunchedApp(options, mode: changing ? .writer : .reader) { app -> SettingsView in
            var interface = app.shared.presentationData.interfaceSettings
            var inApp = app.shared.presentationData.inAppNotificationSettings
            if changing, let store = try app.shared.accountManager.sharedData() {
                if let showCallsTab { interface.showCallsTab = showCallsTab }
                if let autolockTimeout { interface.autolockTimeout = autolockTimeout }
                if let displayNameOnLockscreen { inApp.displayNameOnLockscreen = displayNameOnLockscreen }
                if let displayPreviews { inApp.displayPreviews = displayPreviews }
                try store.set(interface, .interfaceSettings)
                try store.set(inApp, .inAppNotificationSettings)
                // The lock state mirrors the auto-lock timeout while a passcode is set.
                if autolockTimeout != nil {
                    let lock = AppLockController(app: app)
                    if lock.hasPasscode {
                        var state = lock.currentState()
                        state.autolockTimeout = interface.autolockTimeout
                        try lock.write(state)
                    }
                }
            }
            return SettingsView(showCallsTab: interface.showCallsTab, autolockTimeout: interface.autolockTimeout,
                                displayNameOnLockscreen: inApp.displayNameOnLockscreen, displayPreviews: inApp.displayPreviews)
        }
        if json {
            printJSON(try JSONFile.text(view))
        } else {
            printLines([
                "show calls tab:             \(view.showCallsTab)",
                "auto-lock timeout:          \(view.autolockTimeout) s",
                "name on lock screen:        \(view.displayNameOnLockscreen)",
                "message previews:           \(view.displayPreviews)",
            ])
        }
    }
}
