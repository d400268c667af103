@testable import AppInterface
import Formats
import TelegramUI
import TelegramUIFakes
import Testing

/// What the chat list and the tabs show from the app, not from the store: the background work's
/// progress as the list's title, and the settings applied when they change.
@MainActor
@Suite("AppInterface: the tabs follow the app")
struct ChatListWiringTests {
    @Test func activityTitleShowsTheBackgroundProgress() throws {
        let wired = WiredScreens()
        #expect(wired.frame().contains("Chats"))
        wired.host.backgroundProgress = ("Importing", 42)
        wired.screens.refresh()
        #expect(wired.account?.root.chatList.title == "Importing… 42%")
        #expect(wired.frame().contains("Importing… 42%"))
        wired.host.backgroundProgress = nil
        wired.screens.refresh()
        #expect(wired.account?.root.chatList.title == "Chats", "the title comes back when the work is done")
    }

    @Test func settingsChangedAnywhereAreAppliedOnRefresh() throws {
        let wired = WiredScreens()
        let root = try #require(wired.account?.root)
        #expect(root.controllers.contains { $0 === root.calls } && wired.frame().contains("Calls"))
        #expect(!root.chatList.countsMutedChats)
        wired.host.presentation.interfaceSettings.showCallsTab = false
        wired.host.presentation.inAppNotificationSettings.totalUnreadCountIncludeMuted = true
        #expect(!root.chatList.countsMutedChats, "not before the app looks")
        wired.screens.refresh()
        #expect(!root.controllers.contains { $0 === root.calls } && !wired.frame().contains("Calls"))
        #expect(root.chatList.countsMutedChats)
        #expect(root.currentController === root.chatList, "the selection stays on Chats")
    }

    /// A new incoming message in a chat that is not open comes up as a banner, with its text only
    /// while previews are on.
    @Test(arguments: [true, false])
    func newMessageBannerFollowsThePreviewSetting(previews: Bool) throws {
        let wired = WiredScreens()
        let store = wired.host.accountHosts[1]!.store
        wired.host.presentation.inAppNotificationSettings.displayPreviews = previews
        var ada = store.chats[1]
        ada.topMessage = .init(timestamp: 1_800_000_000, id: 2)
        ada.topMessageIsIncoming = true
        ada.preview = "the secret of the engine"
        store.chats[1] = ada
        wired.screens.refresh()
        let banner = try #require(wired.screens.navigation.overlayControllers.last as? InAppNotificationController)
        #expect(banner.chatTitle == "Ada Lovelace")
        #expect(banner.body == (previews ? "the secret of the engine" : "New message"))
    }
}
