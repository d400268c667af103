import Display

/// The Contacts tab: the account's contacts by name, with their usernames or phones; Enter opens
/// the chat with one.
@MainActor
public final class ContactsController: ListController {
    let source: any ContactsDataSource
    public private(set) var contacts: [ContactItem] = []
    public var onOpenChat: ((ChatId, String) -> Void)?

    public init(source: any ContactsDataSource) {
        self.source = source
        super.init(title: "Contacts")
        tabBarItem = TabBarItem(title: "Contacts")
        onOpen = { [unowned self] index in
            if contacts.indices.contains(index) { onOpenChat?(contacts[index].id, contacts[index].title) }
        }
    }

    override public func loadContent() { reload() }

    public func reload() {
        contacts = (try? source.contacts()) ?? []
        items = contacts.map { ListItem(title: $0.title, detail: $0.detail) }
    }
}
