@testable import AppInterface
import TelegramUI
import Testing

/// The Settings tab's rows change the app through the host, and the window follows at once, not
/// at the next refresh.
@MainActor
@Suite("AppInterface: the Settings tab")
struct SettingsWiringTests {
    static func row(_ title: String, in rows: [SettingsController.Row]) throws -> SettingsController.Row {
        try #require(rows.first { $0.title == title })
    }

    @Test func callsTabRowHidesTheTabAtOnce() throws {
        let wired = WiredScreens()
        let account = try #require(wired.account)
        try Self.row("Calls Tab", in: account.settings.rows()).action?()
        #expect(!wired.host.presentation.interfaceSettings.showCallsTab)
        #expect(!account.root.controllers.contains { $0 === account.root.calls })
        #expect(try Self.row("Calls Tab", in: account.settings.rows()).value == "Hidden")
    }

    @Test func lockNowShowsTheLockScreen() throws {
        let wired = WiredScreens()
        wired.host.passcode = "2468"
        let account = try #require(wired.account)
        try Self.row("Passcode Lock", in: account.settings.rows()).action?()
        let options = try #require(wired.screens.navigation.viewControllers.last as? SettingsController)
        try Self.row("Lock Now", in: options.rows()).action?()
        #expect(wired.host.isLocked && wired.screens.lockScreen != nil)
        #expect(wired.frame().contains("Telegram is locked"))
    }
}
