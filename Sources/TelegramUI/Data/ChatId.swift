/// Which chat a screen shows or a row opens (for a person: their one-to-one chat), as the screens
/// see Telegram's peer id: its kind, the number within the kind, and the packed value the wiring
/// maps back to the store's id. The screens never look inside `packed`.
public struct ChatId: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        case user, group, channel, secretChat, other
    }

    public var kind: Kind
    /// The id within its kind: what the avatar's colour is chosen by.
    public var id: Int64
    /// Kind and id in one number, as links, pushes and the store key a chat.
    public var packed: Int64

    public init(kind: Kind, id: Int64, packed: Int64) {
        self.kind = kind
        self.id = id
        self.packed = packed
    }

    /// One-to-one (a user or a secret chat): its messages carry no sender names.
    public var isOneToOne: Bool { kind == .user || kind == .secretChat }

    /// A row's title as the chat list and the search both show it: a secret chat marked 🔒, so it
    /// is never taken for the normal chat with the same person.
    public func rowTitle(_ title: String) -> String { (kind == .secretChat ? "🔒 " : "") + title }

    public var description: String { String(packed) }
}
