import TelegramCore

/// Phase 9: the root of the UI as state, behind the readiness gate. Authorized: tabs, with the
/// chat list (top 50 entries, pinned first) loaded before the gate opens. Unauthorized: login.
enum RootInterfacePhase {
    static let chatListPageSize = 50

    static func run(shared: SharedAccountContext, account: Account?) throws -> ApplicationContext {
        guard let account else {
            let others = shared.accountManager.state.activeRecords.map(\.id)
            return .unauthorized(UnauthorizedApplicationContext(otherAccountIds: others))
        }
        let tabs = RootInterface.tabs(showCallsTab: shared.presentationData.interfaceSettings.showCallsTab)
        var gate = ReadinessGate(conditions: ["tabBar", "selectedTab"])
        gate.satisfy("tabBar")
        let loaded = try account.engine.chatList.count(limit: chatListPageSize)
        gate.satisfy("selectedTab")
        try gate.requireReady()
        let summary = ChatListSummary(loadedEntries: loaded.chats, pinnedEntries: loaded.pinned)
        let root = RootInterface(tabs: tabs, selectedIndex: tabs.count - 2, chatList: summary)
        return .authorized(AuthorizedApplicationContext(context: account, root: root))
    }
}
