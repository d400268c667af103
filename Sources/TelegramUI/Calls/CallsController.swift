import Display
import Storage

/// The Calls tab: the call history, newest first — incoming, outgoing, missed (missed ones
/// counted on the tab's badge). Enter opens the chat with the caller.
@MainActor
public final class CallsController: ListController {
    let data: AccountData
    public private(set) var calls: [CallRecord] = []
    public var onOpenChat: ((PeerId, String) -> Void)?
    private var titles: [String] = []

    public init(data: AccountData) {
        self.data = data
        super.init(title: "Calls")
        tabBarItem = TabBarItem(title: "Calls")
        onOpen = { [unowned self] index in
            if calls.indices.contains(index) { onOpenChat?(calls[index].peerId, titles[index]) }
        }
    }

    override public func loadContent() { reload() }

    public func reload(now: Int32? = nil) {
        let now = now ?? TimeText.now()
        let rows = (try? data.calls(limit: 200)) ?? []
        calls = rows.map(\.0)
        titles = rows.map(\.1)
        items = rows.map { call, title in
            let kind = call.isMissed ? "missed" : call.isOutgoing ? "outgoing" : "incoming"
            return ListItem(title: (call.isVideo ? "📹 " : "📞 ") + title, subtitle: nil,
                            detail: kind + "  " + TimeText.short(call.timestamp, now: now))
        }
        let missed = calls.filter(\.isMissed).count
        tabBarItem = TabBarItem(title: "Calls", badge: missed > 0 ? "\(missed)" : nil)
    }
}
