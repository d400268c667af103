import TelegramCore

/// TelegramRootController's tabs as state: Contacts, Calls (only when the setting says so), Chats,
/// Settings; the selected index is `count - 2`, the chat list.
public struct RootInterface: Sendable {
    public enum Tab: String, Sendable, Codable { case contacts = "Contacts", calls = "Calls", chats = "Chats", settings = "Settings" }

    public let tabs: [Tab]
    public let selectedIndex: Int
    /// What the chat list tab loaded before the UI counted as ready.
    public let chatList: ChatListSummary

    public var selectedTab: Tab { tabs[selectedIndex] }

    static func tabs(showCallsTab: Bool) -> [Tab] {
        var tabs: [Tab] = [.contacts]
        if showCallsTab { tabs.append(.calls) }
        tabs += [.chats, .settings]
        return tabs
    }
}

/// The chat list tab's first screen: ids and counts only (the UI state carries no content).
public struct ChatListSummary: Sendable, Codable {
    public let loadedEntries: Int
    public let pinnedEntries: Int
}
