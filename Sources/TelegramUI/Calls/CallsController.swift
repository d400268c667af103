import Display

/// The Calls tab: the call history, newest first — incoming, outgoing, missed (missed ones
/// counted on the tab's badge). Enter opens the chat with the caller; `c` (the bar's Call item,
/// there once the app hands it `onStartCall`) starts a group call with the selected row's chat.
@MainActor
public final class CallsController: ListController {
    let source: any CallsDataSource
    public private(set) var calls: [CallItem] = []
    public var onOpenChat: ((ChatId, String) -> Void)?
    /// Starts a group call with a chat (its id and title); the bar's Call item appears with it.
    public var onStartCall: ((ChatId, String) -> Void)? {
        didSet { updateCallItem() }
    }
    public static let callKey = KeyEvent(.character("c"))
    public init(source: any CallsDataSource) {
        self.source = source
        super.init(title: "Calls")
        tabBarItem = TabBarItem(title: "Calls")
        onOpen = { [unowned self] index in
            if calls.indices.contains(index) { onOpenChat?(calls[index].peerId, calls[index].title) }
        }
    }

    override public func loadContent() { reload() }

    public func reload(now: Int32? = nil) {
        let now = now ?? TimeText.now()
        calls = (try? source.calls(limit: 200)) ?? []
        items = calls.map { call in
            let kind = call.isMissed ? "missed" : call.isOutgoing ? "outgoing" : "incoming"
            return ListItem(title: (call.isVideo ? "📹 " : "📞 ") + call.title, subtitle: nil,
                            detail: kind + "  " + TimeText.short(call.timestamp, now: now))
        }
        updateCallItem()
        let missed = calls.filter(\.isMissed).count
        tabBarItem = TabBarItem(title: "Calls", badge: missed > 0 ? "\(missed)" : nil)
    }

    private func updateCallItem() {
        guard onStartCall != nil else { return rightBarItems = [] }
        rightBarItems = [BarButtonItem(title: "Call", key: Self.callKey, isEnabled: !calls.isEmpty) { [unowned self] in
            if calls.indices.contains(selectedIndex) { onStartCall?(calls[selectedIndex].peerId, calls[selectedIndex].title) }
        }]
    }
}
