/// An account as Settings lists it: its own name and number, and whether it is the current one.
public struct AccountSummary: Equatable, Sendable {
    public var id: Int64
    /// The account's own name; nil when its store could not be read.
    public var name: String?
    public var phone: String?
    public var isCurrent: Bool
    /// Where the account lives ("127.0.0.1:41234", "Telegram"); nil for an offline account.
    public var server: String?

    public init(id: Int64, name: String?, phone: String?, isCurrent: Bool, server: String? = nil) {
        self.id = id
        self.name = name
        self.phone = phone
        self.isCurrent = isCurrent
        self.server = server
    }
}
