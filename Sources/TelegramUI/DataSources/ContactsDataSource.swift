/// What the Contacts tab reads: the account's contacts, by name.
public protocol ContactsDataSource {
    func contacts() throws -> [ContactItem]
}
