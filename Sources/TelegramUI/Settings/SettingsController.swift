import Display

/// The Settings tab: rows the app fills (its values come from AppCore's settings and lock), each
/// with what Enter does. Telegram's settings are an item list over the same navigation.
@MainActor
public final class SettingsController: ListController {
    public struct Row {
        public var title: String
        public var value: String?
        public var action: (@MainActor () -> Void)?
        public init(title: String, value: String? = nil, action: (@MainActor () -> Void)? = nil) {
            self.title = title
            self.value = value
            self.action = action
        }
    }

    /// Read each time the tab is reloaded, so values follow changes made elsewhere (`main settings`).
    public var rows: () -> [Row]
    private var current: [Row] = []

    public init(rows: @escaping () -> [Row]) {
        self.rows = rows
        super.init(title: "Settings")
        tabBarItem = TabBarItem(title: "Settings")
        onOpen = { [unowned self] index in
            if current.indices.contains(index) { current[index].action?() }
        }
    }

    override public func loadContent() { reload() }

    public func reload() {
        current = rows()
        items = current.map { ListItem(title: $0.title, detail: $0.value) }
    }
}
