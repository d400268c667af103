import Display
import Storage

/// The Contacts tab: the account's contacts by name, with their usernames or phones; Enter opens
/// the chat with one.
@MainActor
public final class ContactsController: ListController {
    let data: AccountData
    public private(set) var contacts: [Peer] = []
    public var onOpenChat: ((PeerId, String) -> Void)?

    public init(data: AccountData) {
        self.data = data
        super.init(title: "Contacts")
        tabBarItem = TabBarItem(title: "Contacts")
        onOpen = { [unowned self] index in
            if contacts.indices.contains(index) { onOpenChat?(contacts[index].id, contacts[index].displayTitle) }
        }
    }

    override public func loadContent() { reload() }

    public func reload() {
        contacts = (try? data.contacts()) ?? []
        items = contacts.map { peer in
            ListItem(title: peer.displayTitle, detail: peer.username.map { "@" + $0 } ?? peer.phone)
        }
    }
}
