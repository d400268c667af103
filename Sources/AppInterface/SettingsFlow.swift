import AppCore
import Display
import Formats
import TelegramUI

/// The Settings tab's rows and what Enter does on each: the passcode (set, change, turn off —
/// sheets with masked entry — and lock now), the auto-lock timeout, notification previews, the
/// Calls tab, the theme, the accounts (switch, add through the login as a sheet, log out) and the
/// storage the account uses. Every change goes through the host, over the same code `main
/// settings`, `main passcode` and `main logout` run; what it shows of the accounts it reads
/// through the host's `accounts`.
@MainActor
final class SettingsFlow {
    private let app: any AppHost
    private unowned let navigation: NavigationController
    /// A setting changed: the screens apply it now (theme, Calls tab).
    var onSettingsChanged: () -> Void = {}
    /// The current account changed (switch, add, log out): the root is rebuilt.
    var onAccountChanged: () -> Void = {}
    /// The passcode screen was asked for (Lock Now).
    var onLock: () -> Void = {}
    /// From any thread: the screens look again soon (a login step answered).
    var refreshSoon: @Sendable () -> Void = {}
    /// The configuration file's theme, which wins over the stored one while the file names it.
    var configuredTheme: PresentationThemeSettings.Theme?
    /// The choices Telegram offers for auto-lock, in seconds.
    static let autolockChoices: [Int32] = [60, 300, 3600, 18_000]

    init(app: any AppHost, navigation: NavigationController) {
        self.app = app
        self.navigation = navigation
    }

    func rows() -> [SettingsController.Row] {
        let settings = app.presentation
        let accounts = app.accounts
        var rows: [SettingsController.Row] = []
        if let me = accounts.currentAccount() {
            rows.append(.init(title: me.name ?? "Account", value: me.phone ?? String(me.id)))
            // An offline account (made without a server, for demos) never connects: said plainly.
            rows.append(.init(title: "Server", value: me.server ?? "offline (no server)"))
        }
        rows.append(.init(title: "Accounts", value: "\(app.signedInCount)") { [unowned self] in showAccounts() })
        rows.append(.init(title: "Passcode Lock", value: app.hasPasscode ? "On" : "Off") { [unowned self] in
            app.hasPasscode ? showPasscodeOptions() : presentSetPasscode()
        })
        rows.append(.init(title: "Auto-Lock", value: Self.duration(settings.interfaceSettings.autolockTimeout)) { [unowned self] in
            change { values in
                let choices = Self.autolockChoices
                let index = choices.firstIndex(of: values.interface.autolockTimeout) ?? (choices.count - 1)
                values.interface.autolockTimeout = choices[(index + 1) % choices.count]
            }
        })
        rows.append(.init(title: "Notification Previews", value: settings.inAppNotificationSettings.displayPreviews ? "On" : "Off") { [unowned self] in
            change { $0.inApp.displayPreviews.toggle() }
        })
        rows.append(.init(title: "Calls Tab", value: settings.interfaceSettings.showCallsTab ? "Shown" : "Hidden") { [unowned self] in
            change { $0.interface.showCallsTab.toggle() }
        })
        let theme = configuredTheme.map { Self.themeName($0) + " (config.toml)" } ?? Self.themeName(settings.themeSettings.theme)
        rows.append(.init(title: "Theme", value: theme) { [unowned self] in
            change { values in
                let all = PresentationThemeSettings.Theme.allCases
                let index = all.firstIndex(of: values.theme.theme) ?? 0
                values.theme.theme = all[(index + 1) % all.count]
            }
        })
        if let used = accounts.storageUsed() {
            rows.append(.init(title: "Storage Used", value: Self.bytes(used)))
        }
        return rows
    }

    private func change(_ body: (inout AppSettings.Values) -> Void) {
        do {
            try app.updateSettings(body)
        } catch {
            app.log.error("cannot change settings", metadata: ["error": "\(error)"])
        }
        onSettingsChanged()
    }

    // MARK: Passcode

    private func presentSetPasscode() {
        var first = ""
        let sheet = TextEntryController(step: TextEntryStep(
            title: "Set Passcode", lines: ["At least 4 characters. The app locks after the auto-lock time."],
            label: "New passcode", isSecure: true, capacity: 64))
        sheet.navigationPresentation = .modal
        sheet.validate = { $0.count < 4 ? "a passcode needs at least 4 characters" : nil }
        sheet.onSubmit = { [unowned self, unowned sheet] text in
            if first.isEmpty {
                first = text
                return .next(TextEntryStep(title: "Set Passcode", lines: ["Enter it again."], label: "Confirm", isSecure: true, capacity: 64))
            }
            guard text == first else {
                first = ""
                return .next(TextEntryStep(title: "Set Passcode", lines: ["The passcodes did not match. Start again."],
                                           label: "New passcode", isSecure: true, capacity: 64))
            }
            do {
                try app.setPasscode(text)
                app.log.info("passcode set from the interface")
            } catch {
                return .error("\(error)")
            }
            finish(sheet)
            return .done
        }
        navigation.pushViewController(sheet)
    }

    /// Asks for the passcode in a sheet, then runs `then` (change it, turn it off).
    private func presentVerified(title: String, then: @escaping (TextEntryController) -> TextEntryOutcome) {
        let sheet = TextEntryController(step: TextEntryStep(title: title, label: "Current passcode", isSecure: true, capacity: 64))
        sheet.navigationPresentation = .modal
        var verified = false
        sheet.onSubmit = { [unowned self, unowned sheet] text in
            if !verified {
                guard app.verifyPasscode(text) else { return .error("wrong passcode") }
                verified = true
            }
            return then(sheet)
        }
        navigation.pushViewController(sheet)
    }

    /// A sheet of rows (the passcode's options, the accounts), read when it opens.
    private func presentRows(title: String, _ rows: @escaping (SettingsController) -> [SettingsController.Row]) {
        let sheet = SettingsController { [] }
        sheet.title = title
        sheet.rows = { [unowned sheet] in rows(sheet) }
        sheet.navigationPresentation = .modal
        navigation.pushViewController(sheet)
    }

    private func showPasscodeOptions() {
        presentRows(title: "Passcode Lock") { [unowned self] options in
            [
                .init(title: "Change Passcode") { [unowned self, unowned options] in
                    navigation.pop(options, animated: false)
                    presentVerified(title: "Change Passcode") { [unowned self] sheet in
                        navigation.pop(sheet, animated: false)
                        presentSetPasscode()
                        return .done
                    }
                },
                .init(title: "Turn Passcode Off") { [unowned self, unowned options] in
                    navigation.pop(options, animated: false)
                    presentVerified(title: "Turn Passcode Off") { [unowned self] sheet in
                        do { try app.clearPasscode() } catch { return .error("\(error)") }
                        app.log.info("passcode removed from the interface")
                        finish(sheet)
                        return .done
                    }
                },
                .init(title: "Lock Now") { [unowned self, unowned options] in
                    navigation.pop(options, animated: false)
                    do { try app.lock() } catch {
                        app.log.error("cannot lock", metadata: ["error": "\(error)"])
                    }
                    onLock()
                },
            ]
        }
    }

    private func finish(_ sheet: ViewController) {
        navigation.pop(sheet, animated: true)
        onSettingsChanged()
    }

    // MARK: Accounts

    private func showAccounts() {
        presentRows(title: "Accounts") { [unowned self] list in
            let listed = app.accounts.accounts()
            var rows: [SettingsController.Row] = listed.map { account in
                let isCurrent = account.isCurrent
                return .init(title: (isCurrent ? "✓ " : "  ") + Self.title(account), value: isCurrent ? "current" : nil) { [unowned self, unowned list] in
                    guard !isCurrent else { return }
                    do { try app.switchAccount(to: account.id) } catch {
                        app.log.error("cannot switch account", metadata: ["error": "\(error)"])
                    }
                    navigation.pop(list, animated: false)
                    onAccountChanged()
                }
            }
            rows.append(.init(title: "+ Add Account") { [unowned self, unowned list] in
                navigation.pop(list, animated: false)
                let login = LoginFlow.make(app: app, refreshSoon: refreshSoon, onLoggedIn: { [unowned self] in onAccountChanged() },
                                           onCancel: { [unowned self] in _ = navigation.popViewController() })
                login.navigationPresentation = .modal
                navigation.pushViewController(login)
            })
            if app.hasCurrentAccount {
                rows.append(.init(title: "Log Out") { [unowned self, unowned list] in
                    do { try app.logOut() } catch {
                        app.log.error("cannot log out", metadata: ["error": "\(error)"])
                    }
                    navigation.pop(list, animated: false)
                    onAccountChanged()
                })
            }
            return rows
        }
    }

    /// The account's own name and number, or its id when its store could not be read.
    static func title(_ account: AccountSummary) -> String {
        guard let name = account.name else { return "Account \(account.id)" }
        return name + (account.phone.map { "  " + $0 } ?? "")
    }

    // MARK: Formatting

    static func themeName(_ theme: PresentationThemeSettings.Theme) -> String {
        switch theme {
        case .terminal: return "Terminal"
        case .day: return "Day"
        case .night: return "Night"
        }
    }

    static func duration(_ seconds: Int32) -> String {
        seconds % 3600 == 0 ? "\(seconds / 3600) hour\(seconds == 3600 ? "" : "s")" : "\(seconds / 60) min"
    }

    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : "\((value * 10).rounded() / 10) \(units[unit])"
    }
}
