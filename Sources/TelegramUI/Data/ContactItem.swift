/// One row of the Contacts tab: the person, their name, and their username or phone.
public struct ContactItem: Equatable, Sendable {
    public var id: ChatId
    public var title: String
    public var detail: String?

    public init(id: ChatId, title: String, detail: String? = nil) {
        self.id = id
        self.title = title
        self.detail = detail
    }
}
