import Display

/// The authorized root (Telegram's TelegramRootController): a tab controller with Contacts, Calls
/// (while the setting shows it), Chats (selected at launch) and Settings, in the master column of
/// an `automaticMasterDetail` navigation controller, so a chat opens beside the list on a wide
/// terminal and is pushed on a narrow one.
@MainActor
public final class TelegramRootController: TabBarController {
    public let chatList: ChatListController
    public let contacts: ContactsController
    public let calls: CallsController
    public let settings: SettingsController

    public init(chatList: ChatListController, contacts: ContactsController, calls: CallsController,
                settings: SettingsController, showsCallsTab: Bool) {
        self.chatList = chatList
        self.contacts = contacts
        self.calls = calls
        self.settings = settings
        super.init()
        navigationPresentation = .master
        setShowsCallsTab(showsCallsTab)
    }

    /// The tabs for the Calls setting, the selection kept on the same tab (Chats at launch).
    public func setShowsCallsTab(_ shows: Bool) {
        let tabs: [ViewController] = shows ? [contacts, calls, chatList, settings] : [contacts, chatList, settings]
        let launch = controllers.isEmpty
        setControllers(tabs, selectedIndex: launch ? tabs.firstIndex { $0 === chatList } : nil)
    }
}
